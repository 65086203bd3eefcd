# tests/mutate_apply.awk: applies one "replace this exact text with that" mutant (tests/mutants/
# *.mut) to a file.  awk -v target=FILE -f tests/mutate_apply.awk MUTANT.mut
# Every "@@ from" block must occur exactly once in FILE (else exit 3: the mutant is stale);
# it is replaced by the "@@ to" block that follows it. Blocks end at "@@ end" or the next "@@".
function slurp(f,   s, line) {
    s = ""
    while ((getline line < f) > 0) s = s line "\n"
    close(f)
    return s
}
/^@@ from/ { mode = "from"; n++; from[n] = ""; to[n] = ""; next }
/^@@ to/   { mode = "to"; next }
/^@@ end/  { mode = ""; next }
mode == "from" { from[n] = from[n] $0 "\n"; next }
mode == "to"   { to[n] = to[n] $0 "\n"; next }
END {
    if (n == 0) { print "no @@ from block" > "/dev/stderr"; exit 3 }
    s = slurp(target)
    for (i = 1; i <= n; i++) {
        rest = s; cnt = 0
        while ((p = index(rest, from[i])) > 0) { cnt++; rest = substr(rest, p + length(from[i])) }
        if (cnt != 1) {
            printf "block %d found %d times in %s\n", i, cnt, target > "/dev/stderr"
            exit 3
        }
        p = index(s, from[i])
        s = substr(s, 1, p - 1) to[i] substr(s, p + length(from[i]))
    }
    printf "%s", s > target
}
