#!/usr/bin/env bash
# fuzz/mkcorpus.sh: (re)generate the seed corpora fuzz/corpus/{mpa_frame,mpa_setup,mpa_rx,ddp_rx,rdmap_rx,verbs_qp}/ from
# the siw captures in tests/vectors/*.pcap and from library-to-library conversations (see
# fuzz/mkcorpus.c). Files are named by the SHA-256 of their contents (as nghttp2 does), so
# running it twice changes nothing. With --clean the directories are emptied first
# (otherwise seeds added by hand, e.g. minimised reproducers, are kept).
#
#   bash fuzz/mkcorpus.sh [--clean]
set -euo pipefail
cd "$(dirname "$0")/.."
CC=${CC:-cc}
B=${B:-build}/fuzz
mkdir -p "$B"
$CC -std=c99 -g -O1 -Wall -Wextra -Werror -I. -Ifuzz -Itests fuzz/mkcorpus.c -o "$B/mkcorpus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
targets="mpa_frame mpa_setup mpa_rx ddp_rx rdmap_rx verbs_qp"
for t in $targets; do mkdir -p "$tmp/$t" "fuzz/corpus/$t"; done
"$B/mkcorpus" "$tmp" tests/vectors/*.pcap
for t in $targets; do
    [ "${1:-}" = "--clean" ] && find "fuzz/corpus/$t" -maxdepth 1 -type f -delete
    for f in "$tmp/$t"/*; do
        h=$(sha256sum "$f" | cut -d' ' -f1)
        cp "$f" "fuzz/corpus/$t/$h"
    done
    echo "fuzz/corpus/$t: $(ls "fuzz/corpus/$t" | wc -l) files, $(du -sk "fuzz/corpus/$t" | cut -f1) KiB"
done
