#!/bin/sh
# deps.sh - install the Debian packages that the build, the tests and the
# benchmarks need, if any is missing. Quiet and quick (one dpkg query) when
# everything is present. Run by `make test` and `make bench`.
#
# `deps.sh bench` adds what only the benchmark report needs (the charts).
# CTC_DEPS=skip disables it (for machines that are set up by other means).
set -e

PKGS="make gcc libc6-dev binutils python3 clang libclang-rt-dev valgrind
openssl libssl-dev libmbedtls-dev libbearssl-dev cmake pkgconf
gcc-arm-none-eabi gcc-riscv64-unknown-elf gcc-xtensa-lx106
gcc-aarch64-linux-gnu libc6-dev-arm64-cross
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
qemu-user qemu-system-arm qemu-system-misc"
[ "${1:-}" = bench ] && PKGS="$PKGS python3-matplotlib"

[ "${CTC_DEPS:-}" = skip ] && exit 0

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "deps: not a Debian system; make sure these (or their equivalents) are installed:" >&2
    echo $PKGS >&2
    exit 0
fi

installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' 2>/dev/null | awk '$2 == "ii" { print $1 }')
missing=
for p in $PKGS; do
    case "
$installed
" in
    *"
$p
"*) ;;
    *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0

echo "deps: installing:$missing"
if [ "$(id -u)" = 0 ]; then
    SUDO=
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=sudo
else
    echo "deps: need root (or password-less sudo) to install:$missing" >&2
    exit 1
fi
log=${TMPDIR:-/tmp}/ctcrypto-deps.log
export DEBIAN_FRONTEND=noninteractive
if ! { $SUDO apt-get update -qq && \
       $SUDO apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
    echo "deps: apt-get failed; its output:" >&2
    tail -n 30 "$log" >&2
    exit 1
fi
echo "deps: done"
