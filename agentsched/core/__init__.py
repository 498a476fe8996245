"""The core: what every other layer may use and which uses nothing of agentsched.

protocol (decision points, candidates, decisions), files (outputs written whole), hashing
(the one sha256 helper), paths (the package's files, the data directory), env (every
environment variable agentsched reads), interrupts (signals, child processes)."""
