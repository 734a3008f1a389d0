"""The user's STUN/TURN servers (pygames/net/ice.py; static/shell.js `checkIce` keeps the same rule): off by
default, only stun:/turn:/turns: addresses, TURN with a username and a password, at most four; a stored text that
breaks the rule gives no server for its bad lines (storage is hostile until checked)."""

from pygames.net import ice


def test_no_servers_by_default():
    assert ice.servers(None) == [] and ice.servers("") == [] and ice.check("  \n ") == ([], None)


def test_stun_and_turn_lines_become_ice_servers():
    text = "stun:stun.example.org:3478\n\n  turns:relay.example.org:5349?transport=tcp ann s3cret \nturn:[::1] b p"
    found, problem = ice.check(text)
    assert problem is None
    assert found == [{"urls": "stun:stun.example.org:3478"},
                     {"urls": "turns:relay.example.org:5349?transport=tcp", "username": "ann", "credential": "s3cret"},
                     {"urls": "turn:[::1]", "username": "b", "credential": "p"}]
    assert ice.servers(text) == found


def test_bad_lines_are_named_with_their_line():
    assert ice.check("stun:ok.example\nhttp://evil.example")[1] == ("net.ice.bad_url", {"line": 2,
                                                                                         "text": "http://evil.example"})
    assert ice.check("turn:relay.example:3478 ann")[1] == ("net.ice.login",
                                                           {"line": 1, "text": "turn:relay.example:3478"})
    assert ice.check("stun:a.example extra")[1][0] == "net.ice.extra"
    assert ice.check("stun:a.example?transport=udp")[1][0] == "net.ice.bad_url"
    assert ice.check("stun:a b/../c")[1][0] == "net.ice.extra"
    assert ice.check("stun:host/path")[1][0] == "net.ice.bad_url"
    assert ice.check("\n".join(f"stun:s{i}.example" for i in range(5)))[1] == ("net.ice.too_many", {"n": 4})


def test_stored_text_keeps_only_good_lines_and_at_most_four():
    text = "javascript:alert(1)\nstun:a.example\nturn:b.example u\n" + "\n".join(f"stun:s{i}.example" for i in range(9))
    assert [s["urls"] for s in ice.servers(text)] == ["stun:a.example", "stun:s0.example", "stun:s1.example",
                                                      "stun:s2.example"]
    assert ice.servers(12) == [] and ice.servers("x" * 5000) == []
