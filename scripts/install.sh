#!/usr/bin/env bash
# Builds the fast listomat and the MCP server that `listomat mcp` starts, both static
# executables (no Swift runtime, Foundation or ICU to load at start, which halves the time of
# a short command) from one release build, and installs them with the assistant's language
# files and the themes:
#   PREFIX/bin/listomat
#   PREFIX/bin/listomat-mcp
#   PREFIX/share/listomat/Resources/   (intents.yaml, en/, …)
#   PREFIX/share/listomat/themes/      (the shipped themes, for --theme NAME)
#
# Usage: scripts/install.sh [PREFIX]      PREFIX defaults to ~/.local (no root needed);
#                                         /usr/local needs root.
# Needs what the build needs (README: What you need), including the static libraries that
# libsqlite3-dev and libncurses-dev install. The build goes to .build-install/, so it does
# not disturb `swift run` and `swift test`.
set -euo pipefail

prefix=${1:-$HOME/.local}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build-install"

# One build for both programs: with no --product, `swift build` builds every program of the
# package. No debug information: the installed programs are stripped anyway.
# -disable-concrete-type-metadata-mangled-name-accessors: the compiled code asks for the
# metadata of a concrete generic type (`[String: String]`'s storage, `Set<FoldedKey>`, GRDB's
# tables) through its metadata accessor, handing over the conformances it needs, instead of
# by its mangled name, which makes the runtime look each conformance up: the first look-up of
# each (type, protocol) pair scans every conformance record of the program (about 9,600 in
# this static binary), some 8 M instructions of a single `ask`. The same code, a little larger.
echo "== Building listomat and listomat-mcp (release, static) in $scratch"
(cd "$root" && swift build -c release --scratch-path "$scratch" \
    -Xswiftc -static-executable -debug-info-format none \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
built="$scratch/release"

echo "== Installing into $prefix"
mkdir -p "$prefix/bin" "$prefix/share/listomat"
# Stripped: the symbols are only for debuggers.
install -m 755 -s "$built/listomat" "$prefix/bin/listomat"
install -m 755 -s "$built/listomat-mcp" "$prefix/bin/listomat-mcp"
rm -rf "$prefix/share/listomat/Resources"
cp -R "$built/ListOMat_ListIntents.resources/Resources" "$prefix/share/listomat/Resources"
# The themes, where an installed listomat looks for them (ThemeLibrary); without them it
# would find them only while this checkout stays where it is.
rm -rf "$prefix/share/listomat/themes"
mkdir -p "$prefix/share/listomat/themes"
cp "$root"/Themes/*.toml "$prefix/share/listomat/themes/"

size=$(du -h "$prefix/bin/listomat" | cut -f1)
mcp_size=$(du -h "$prefix/bin/listomat-mcp" | cut -f1)
echo "Installed $prefix/bin/listomat ($size) and $prefix/bin/listomat-mcp ($mcp_size), the language files and themes in $prefix/share/listomat."
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "Add $prefix/bin to your PATH to run it as \`listomat\`." ;;
esac
echo "Try it on a scratch folder first: listomat --data-dir /tmp/listomat-try"
