"""Checks editors/helix/languages.toml: the dynamics-scene language, its glob, and impulse lsp as its server."""
import pathlib
import sys
import tomllib

root = pathlib.Path(__file__).resolve().parents[2]
config = tomllib.loads((root / "editors/helix/languages.toml").read_text())
failures = []
checked = 0


def check(condition, message):
    global checked
    checked += 1
    if not condition:
        failures.append(message)


languages = [l for l in config.get("language", []) if l.get("name") == "dynamics-scene"]
check(len(languages) == 1, "one [[language]] named dynamics-scene")
language = languages[0] if languages else {}
check({"glob": "*.dynamics.json"} in language.get("file-types", []), "file-types has the glob *.dynamics.json")
check(language.get("language-id") == "dynamics-scene", "language-id is dynamics-scene (what impulse lsp expects)")
check(language.get("language-servers") == ["impulse"], "impulse is its only language server")
server = config.get("language-server", {}).get("impulse", {})
check(server.get("command") == "impulse" and server.get("args") == ["lsp"], "language-server impulse runs `impulse lsp`")
check(isinstance(server.get("config", {}).get("impulse"), dict), "settings live in the impulse section")
for query in ("highlights", "indents"):
    path = root / "editors/helix/runtime/queries/dynamics-scene" / f"{query}.scm"
    check(path.is_file() and "inherits: json" in path.read_text(), f"{query}.scm inherits json's")

for failure in failures:
    print(f"FAILED helix: {failure}", file=sys.stderr)
print(f"helix: {checked - len(failures)} passed, {len(failures)} failed", file=sys.stderr)
sys.exit(1 if failures else 0)
