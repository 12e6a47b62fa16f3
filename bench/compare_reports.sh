#!/bin/bash
# The report's and stats' outputs of one tree, for comparing two trees byte for byte (p24-cold,
# p23-report's runs): bench/compare_reports.sh VENV OUT, then `diff -r -x xdg -x corpus -x sample
# OUT_A OUT_B`. VENV is a tree's virtual environment (its bin/hhtools), OUT a new folder holding
# that tree's stores, cache folder and outputs; histories are read from this checkout and from
# ../shared/corpus. The "made" line and OUT's own name are written alike in both.
set -u
venv=$(cd "$1" && pwd); out=$2; src=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "$src/../shared/corpus" && pwd)
rm -rf "$out"; mkdir -p "$out"; out=$(cd "$out" && pwd)
export XDG_CACHE_HOME=$out/xdg
run() {  # name, command...
  local name=$1; shift
  "$@" > $out/$name.out 2> $out/$name.err; echo "exit $?" >> $out/$name.out
}
pages() {  # store, tag
  local db=$1 tag=$2
  for c in on off; do
    for rep in 1 2; do
      if [ $c = off ]; then export HHTOOLS_CACHE=off; else unset HHTOOLS_CACHE; fi
      run $tag-$c-$rep-all $venv/bin/hhtools report --db $db --out $out/$tag-$c-$rep-all.html
      run $tag-$c-$rep-hero $venv/bin/hhtools report --db $db --player Hero --out $out/$tag-$c-$rep-hero.html
      run $tag-$c-$rep-badugi $venv/bin/hhtools report --db $db --game badugi --out $out/$tag-$c-$rep-badugi.html
      run $tag-$c-$rep-stats $venv/bin/hhtools stats --db $db --format json
      run $tag-$c-$rep-statshero $venv/bin/hhtools stats --db $db --player Hero --format json
    done
  done
  unset HHTOOLS_CACHE
}
# corpus site by site
for site in fulltilt kingsclub merge pokerstars winamax; do
  run import-corpus-$site $venv/bin/hhtools import $corpus/$site --db $out/corpus
done
pages $out/corpus corpus
# sample histories: session then histories
run import-s1 $venv/bin/hhtools import $src/sample_histories/session --db $out/sample
run import-s2 $venv/bin/hhtools import $src/sample_histories/histories --db $out/sample
pages $out/sample sample
# after an import: tests/data/report and generated on top (cache on: the path after an import)
for db in corpus sample; do
  run after-$db-1 $venv/bin/hhtools import $src/tests/data/report --db $out/$db
  run after-$db-2 $venv/bin/hhtools import $src/sample_histories/generated --db $out/$db
  run after-$db-all $venv/bin/hhtools report --db $out/$db --out $out/after-$db-all.html
  run after-$db-hero $venv/bin/hhtools report --db $out/$db --player Hero --out $out/after-$db-hero.html
  HHTOOLS_CACHE=off run after-$db-off-all $venv/bin/hhtools report --db $out/$db --out $out/after-$db-off-all.html
  HHTOOLS_CACHE=off run after-$db-off-hero $venv/bin/hhtools report --db $out/$db --player Hero --out $out/after-$db-off-hero.html
  run after-$db-stats $venv/bin/hhtools stats --db $out/$db --format json
done
# normalise the made line and the folder names
for f in $out/*.html $out/*.out $out/*.err; do
  sed -i -E "s#made [^<]* by hhtools#made (time) by hhtools#; s#$out#OUT#g" $f
done
echo done
