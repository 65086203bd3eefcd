# bench/svgchart.awk: a small SVG line-chart writer for bench/chart.sh (no plotting library).
# Input lines: SERIES <TAB> SIZE <TAB> VALUE (series in order of first appearance; SIZE a power
# of two, drawn on a log2 axis; VALUE on a linear axis from 0). Variables: title, ylabel, note
# (a line under the chart, e.g. the command that made it).
#   awk -F'\t' -v title=... -v ylabel=... -v note=... -f bench/svgchart.awk data.tsv > chart.svg
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s); return s }
function lg2(v,   n) { n = 0; while (v > 1) { v /= 2; n++ } return n }
function sizestr(v) {
    if (v >= 1048576) return (v / 1048576) "M"
    if (v >= 1024) return (v / 1024) "K"
    return v
}
function X(sz) { return L + (lg2(sz) - xmin) / (xmax - xmin) * PW }
function Y(v) { return T + PH - v / ymax * PH }
{
    if (!($1 in seen)) { seen[$1] = ++ns; name[ns] = $1 }
    k = seen[$1]; np[k]++; px[k, np[k]] = $2 + 0; py[k, np[k]] = $3 + 0
    e = lg2($2 + 0)
    if (n++ == 0 || e < xmin) xmin = e
    if (n == 1 || e > xmax) xmax = e
    if ($3 + 0 > vmax) vmax = $3 + 0
}
END {
    W = 860; H = 540; L = 80; R = 200; T = 50; B = 80; PW = W - L - R; PH = H - T - B
    if (xmax == xmin) xmax = xmin + 1
    # a round top for the value axis: 1, 2 or 5 times a power of ten, above the largest value
    step = 1; while (step * 10 <= vmax) step *= 10
    ymax = step; while (ymax < vmax) ymax += step
    if (ymax / step <= 3) { step /= 2 }
    split("#1f77b4 #d62728 #2ca02c #ff7f0e #7f7f7f #9467bd #8c564b", col, " ")
    split("none none 6,4 6,4 2,3 none none", dash, " ")
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H
    printf "<title>%s</title>\n", esc(title)
    printf "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H
    printf "<text x=\"%d\" y=\"28\" font-size=\"16\" text-anchor=\"middle\">%s</text>\n", L + PW / 2, esc(title)
    for (v = 0; v <= ymax + step / 2; v += step) {
        printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", L, Y(v), L + PW, Y(v)
        printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", L - 6, Y(v) + 4, v
    }
    for (e = xmin; e <= xmax; e++) {
        x = L + (e - xmin) / (xmax - xmin) * PW
        printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>\n", x, T, x, T + PH
        if ((e - xmin) % 2 == 0)
            printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, T + PH + 18, sizestr(2 ^ e)
    }
    printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>\n", L, T, PW, PH
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">message size (octets, log scale)</text>\n", L + PW / 2, T + PH + 40
    printf "<text x=\"18\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 18 %d)\">%s</text>\n", T + PH / 2, T + PH / 2, esc(ylabel)
    for (k = 1; k <= ns; k++) {
        pts = ""
        for (i = 1; i <= np[k]; i++) pts = pts sprintf("%s%.1f,%.1f", i > 1 ? " " : "", X(px[k, i]), Y(py[k, i]))
        printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", col[k], dash[k] == "none" ? "" : " stroke-dasharray=\"" dash[k] "\"", pts
        for (i = 1; i <= np[k]; i++) printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n", X(px[k, i]), Y(py[k, i]), col[k]
        ly = T + 10 + (k - 1) * 22
        printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", L + PW + 12, ly, L + PW + 40, ly, col[k], dash[k] == "none" ? "" : " stroke-dasharray=\"" dash[k] "\""
        printf "<text x=\"%d\" y=\"%d\">%s</text>\n", L + PW + 46, ly + 4, esc(name[k])
    }
    if (note != "") printf "<text x=\"%d\" y=\"%d\" font-size=\"10\" fill=\"#555\">%s</text>\n", L, H - 12, esc(note)
    printf "</svg>\n"
}
