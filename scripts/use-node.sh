# shellcheck shell=bash
# Source this file (`. scripts/use-node.sh`) to run the project's Node: the version in .node-version.
#
# Where the machine's own Node is older than that, the official build of the pinned version is taken
# from the npm registry (the package node-<os>-<arch>, which ships the binary and its headers), unpacked
# once into a cache folder, and put first on PATH; npm_config_nodedir points at its headers so that a
# native module built from source is built for this Node. The machine's npm keeps running, on this Node.
# A Node as new as the pinned one or newer is used as it is. Nothing here needs anything but the npm
# registry. .ci/run sources it; docs/development.md says how a developer does the same.
#
# DESK_NODE_CACHE sets the cache folder (default: $XDG_CACHE_HOME or ~/.cache, then reconciliation-desk/node).

desk_use_node() {
  local root pinned have os arch dir tmp tarball
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  pinned=$(tr -d ' \r\nv' <"$root/.node-version")
  have=$(node --version 2>/dev/null | tr -d 'v' || true)
  if [ -n "$have" ] && [ "$(printf '%s\n%s\n' "$pinned" "$have" | sort -V | head -n 1)" = "$pinned" ]; then
    echo "Node $have (the pinned $pinned or newer): used as it is."
    return 0
  fi
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) echo "use-node: no registry package of Node for $(uname -s); install Node $pinned yourself." >&2; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "use-node: no registry package of Node for $(uname -m); install Node $pinned yourself." >&2; return 1 ;;
  esac
  dir="${DESK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/reconciliation-desk/node}/node-$os-$arch-$pinned"
  if [ ! -x "$dir/bin/node" ]; then
    echo "Node ${have:-(none)} is older than the pinned $pinned: installing node-$os-$arch@$pinned into $dir"
    # Unpacked beside its final place and renamed into it, so a killed run never leaves half a Node.
    mkdir -p "${dir%/*}" && tmp=$(mktemp -d "${dir%/*}/.partial-XXXXXX") || return 1
    tarball=$(cd "$tmp" && npm pack --silent "node-$os-$arch@$pinned") || {
      echo "use-node: npm could not fetch node-$os-$arch@$pinned from the registry." >&2
      rm -rf "$tmp"
      return 1
    }
    tar -xzf "$tmp/$tarball" -C "$tmp" && rm -rf "$dir" && mv "$tmp/package" "$dir" || {
      echo "use-node: could not unpack $tarball into $dir (is the disk full?)." >&2
      rm -rf "$tmp"
      return 1
    }
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
  echo "Node $(node --version) from $dir"
}

desk_use_node
