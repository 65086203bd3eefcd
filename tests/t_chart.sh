#!/usr/bin/env bash
# tests/t_chart.sh: bench/chart.sh and its SVG writer bench/svgchart.awk.
#  - the writer on a made-up table: a well-formed SVG (xmllint, else python3's XML parser) with
#    one polyline per series and one point per size, the values where the axis puts them;
#  - bench/chart.sh run briefly (ITERS=4) into the build directory: a table of 23 sizes x 5
#    series with a number in every cell, and a well-formed SVG with 5 polylines of 23 points;
#  - the committed docs/bw-vs-size.svg is well-formed and says the command that made it.
# Prints TAP lines and "# counts P F".
set -u
cd "$(dirname "$0")/.."
B=${B:-build/test}
W="$B/chart"
mkdir -p "$W"
. tests/tap.sh
wellformed() {
    if command -v xmllint >/dev/null; then xmllint --noout "$1" 2>&1
    else python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1"; fi
}
# count_svg FILE: "polylines points-of-each"
count_svg() {
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as E
ns = "{http://www.w3.org/2000/svg}"
r = E.parse(sys.argv[1]).getroot()
pl = r.findall(ns + "polyline")
print(len(pl), " ".join(str(len(p.get("points").split())) for p in pl))
PY
}

printf 'a & b\t2\t10\na & b\t4\t20\na & b\t8\t40\nc <d>\t2\t5\nc <d>\t4\t5\nc <d>\t8\t5\n' >"$W/mini.tsv"
awk -F'\t' -v title='t "x"' -v ylabel=MB/s -v note='made by <test>' -f bench/svgchart.awk "$W/mini.tsv" >"$W/mini.svg"
if out=$(wellformed "$W/mini.svg") && [ "$(count_svg "$W/mini.svg")" = "2 3 3" ] &&
   grep -q 'a &amp; b' "$W/mini.svg" && grep -q 'c &lt;d&gt;' "$W/mini.svg"; then
    ok "svgchart.awk: well-formed SVG, 2 series of 3 points, names escaped"
else
    bad "svgchart.awk on a made-up table: $out $(count_svg "$W/mini.svg")"
fi
# The top of the value axis is 40 (a round number >= the largest value): the point (8, 40) sits
# on the top edge of the plot and (2, 5) one eighth above the bottom.
python3 - "$W/mini.svg" <<'PY' && ok "svgchart.awk: points placed on the axes' scales" || bad "svgchart.awk: points misplaced"
import sys, xml.etree.ElementTree as E
ns = "{http://www.w3.org/2000/svg}"
r = E.parse(sys.argv[1]).getroot()
frame = [e for e in r.findall(ns + "rect") if e.get("fill") == "none"][0]
x0, y0 = float(frame.get("x")), float(frame.get("y"))
w, h = float(frame.get("width")), float(frame.get("height"))
a = [tuple(map(float, p.split(","))) for p in r.findall(ns + "polyline")[0].get("points").split()]
c = [tuple(map(float, p.split(","))) for p in r.findall(ns + "polyline")[1].get("points").split()]
near = lambda u, v: abs(u - v) < 0.6
assert near(a[0][0], x0) and near(a[2][0], x0 + w) and near(a[1][0], x0 + w / 2)
assert near(a[2][1], y0) and near(a[0][1], y0 + h * 0.75)
assert near(c[0][1], y0 + h * 7 / 8)
PY

if OUT="$W/bw" ITERS=4 B="$W/build" bash bench/chart.sh >"$W/chart.log" 2>&1; then
    ok "bench/chart.sh ITERS=4 runs"
else
    bad "bench/chart.sh ITERS=4"; tail -5 "$W/chart.log" | sed 's/^/  /'
fi
rows=$(grep -cE '^[0-9]+ +\|' "$W/bw.txt" 2>/dev/null)
cells=$(grep -E '^[0-9]+ +\|' "$W/bw.txt" 2>/dev/null | awk -F'|' '{for (i = 2; i <= NF; i++) if ($i ~ /^ *[0-9.]+ *$/) n++} END {print n + 0}')
[ "$rows" = 23 ] && [ "$cells" = 115 ] && ok "table: 23 sizes x 5 series, every cell a number" ||
    bad "table: $rows rows, $cells numeric cells"
if out=$(wellformed "$W/bw.svg") && [ "$(count_svg "$W/bw.svg")" = "5 23 23 23 23 23" ]; then
    ok "chart: well-formed SVG, 5 series of 23 sizes"
else
    bad "chart: $out $(count_svg "$W/bw.svg" 2>&1)"
fi
if out=$(wellformed docs/bw-vs-size.svg) && [ "$(count_svg docs/bw-vs-size.svg)" = "5 23 23 23 23 23" ] &&
   grep -q 'bash bench/chart.sh' docs/bw-vs-size.svg; then
    ok "docs/bw-vs-size.svg: well-formed, 5 series of 23 sizes, names its command"
else
    bad "docs/bw-vs-size.svg: $out"
fi
finish
