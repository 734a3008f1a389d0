"""The pure application: sessions and their saves, matches, tutorials, the replay's staging, the new-game dialog's
rules, the messages `update` answers and the storage's rules. No page module: it runs whole in CPython, and the page
side (`pygames/web/`) and several devices' pure part (`pygames/net/`) build on it."""
