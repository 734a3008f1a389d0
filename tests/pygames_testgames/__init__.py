"""Games used only by the tests (never listed in the app): they exercise the engine protocol and the shell."""
