#!/usr/bin/env bash
# Builds the fast listomat (one static executable: no Swift runtime, Foundation or ICU to
# load at start, which halves the time of a short command) and installs it with the
# assistant's language files, and the MCP server that `listomat mcp` starts:
#   PREFIX/bin/listomat
#   PREFIX/bin/listomat-mcp            (Swift's libraries built in; links the system's libcurl)
#   PREFIX/share/listomat/Resources/   (intents.yaml, en/, …)
#   PREFIX/share/listomat/themes/      (the shipped themes, for --theme NAME)
#
# Usage: scripts/install.sh [PREFIX]      PREFIX defaults to ~/.local (no root needed);
#                                         /usr/local needs root.
# Needs what the build needs (README: Getting started), including the static libraries that
# libsqlite3-dev and libncurses-dev install. The builds go to .build-install/ and .build-install-mcp/, so they do
# not disturb `swift run` and `swift test`.
set -euo pipefail

prefix=${1:-$HOME/.local}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch="$root/.build-install"

echo "== Building listomat (release, static) in $scratch"
(cd "$root" && swift build -c release --product listomat --scratch-path "$scratch" \
    -Xswiftc -static-executable)

# The MCP server is a program of its own: the MCP SDK needs FoundationNetworking, which needs
# the system's libcurl, and that cannot be linked into a static executable. So it is built with
# Swift's own libraries inside (--static-swift-stdlib) and libc and libcurl shared. The linker
# wants libcurl.so, which only the -dev package installs; the library itself (libcurl.so.4) is
# there wherever Swift's Foundation runs, so a folder with that one link stands in for it.
# A build folder of its own: the other flags would make each build redo the other's work.
mcp_scratch="$root/.build-install-mcp"
echo "== Building listomat-mcp (release, Swift's libraries built in) in $mcp_scratch"
curl_dir="$mcp_scratch/curl-link"
mkdir -p "$curl_dir"
# (awk reads to the end: with pipefail, an early exit would fail the line.)
libcurl=$(/sbin/ldconfig -p 2>/dev/null | awk '$1 == "libcurl.so.4" && found == "" { found = $NF } END { print found }')
if [ -n "$libcurl" ]; then
    ln -sf "$libcurl" "$curl_dir/libcurl.so"
fi
(cd "$root" && swift build -c release --product listomat-mcp --scratch-path "$mcp_scratch" \
    --static-swift-stdlib -Xlinker -L"$curl_dir")
built="$scratch/release"

echo "== Installing into $prefix"
mkdir -p "$prefix/bin" "$prefix/share/listomat"
# Stripped: the symbols are only for debuggers, and a third of the file.
install -m 755 -s "$built/listomat" "$prefix/bin/listomat"
install -m 755 -s "$mcp_scratch/release/listomat-mcp" "$prefix/bin/listomat-mcp"
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
