#!/usr/bin/env bash
# The browser playground (playground/): tessera compiled to WebAssembly and
# a static page that compiles WGSL as you type.
#
#   scripts/playground.sh build         builds the page into playground/dist
#   scripts/playground.sh serve [PORT]  serves playground/dist on
#                                       http://localhost:PORT/ (default 8000)
#   scripts/playground.sh test          builds, then loads the page in headless
#                                       Chromium, types shaders, checks the
#                                       outputs and an error, and saves a
#                                       screenshot (docs/playground.png with
#                                       --screenshot; else under the build)
#
# `build` needs the wasm32-unknown-unknown target (added with rustup when
# missing) and wasm-bindgen-cli of the version playground/Cargo.toml pins
# (installed with `cargo install` when missing). `test` also needs Chromium
# and Node.js: on Debian it installs `chromium`, `nodejs` and `npm` with
# apt-get when missing, and playwright-core (playground/test/package.json)
# with npm. The page needs no network at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=playground/dist
target="${CARGO_TARGET_DIR:-target}"

apt_install() {
    local sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        sudo="sudo"
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

build() {
    if command -v rustup >/dev/null 2>&1; then
        rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
    fi
    local version
    version="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' playground/Cargo.toml)"
    if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
        echo "installing wasm-bindgen-cli $version"
        cargo install --quiet wasm-bindgen-cli --version "$version"
    fi
    cargo build --quiet -p tessera-playground --profile playground --target wasm32-unknown-unknown
    rm -rf "$dist"
    mkdir -p "$dist"
    wasm-bindgen --target web --no-typescript --out-dir "$dist/pkg" \
        "$target/wasm32-unknown-unknown/playground/tessera_playground.wasm"
    cp playground/web/index.html playground/web/playground.js "$dist/"
    echo "built $dist ($(du -sh "$dist" | cut -f1)); serve it with: scripts/playground.sh serve"
}

serve() {
    local port="${1:-8000}"
    if [[ ! -f "$dist/index.html" ]]; then
        echo "no $dist/index.html: run scripts/playground.sh build first" >&2
        exit 1
    fi
    echo "serving $dist on http://localhost:$port/ (Ctrl-C stops)"
    exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist"
}

run_test() {
    local screenshot="$target/playground.png"
    if [[ "${1:-}" == "--screenshot" ]]; then
        screenshot="docs/playground.png"
    fi
    local missing=()
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    if ((${#missing[@]})); then
        echo "installing: ${missing[*]}"
        apt_install "${missing[@]}"
    fi
    build
    (cd playground/test && npm ci --silent --no-audit --no-fund)
    # A free port from the kernel; the server (the README's `serve`) is
    # ours to stop.
    local port
    port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    serve "$port" >/dev/null 2>&1 &
    server_pid=$!
    trap 'kill "$server_pid" 2>/dev/null || true' EXIT
    python3 -c 'import socket, sys, time
for _ in range(100):
    try:
        socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the playground server did not start")' "$port"
    node playground/test/test.mjs "http://127.0.0.1:$port/" "$screenshot"
}

case "${1:-build}" in
    build) build ;;
    serve) serve "${2:-8000}" ;;
    test) run_test "${2:-}" ;;
    *)
        echo "usage: scripts/playground.sh build | serve [PORT] | test [--screenshot]" >&2
        exit 2
        ;;
esac
