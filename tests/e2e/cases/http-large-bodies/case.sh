# ctest-timeout: 900
# 100 MB bodies (issue 13 item 2): application/json of three shapes, text/plain (ASCII
# and UTF-8 of several kinds) and application/octet-stream from the test server's
# /generate, each read by a spec in a fresh worker that prints its peak RSS (VmHWM) before
# and after. What the body adds to the peak is bounded:
# - bytes: the body once (data's ArrayBuffer takes them);
# - text: twice its string (the string, and while it is made the pieces it is joined
#   from; api_response.c's big_text). JavaScriptCore keeps a string one byte a character
#   when every character is below U+0100 (ASCII and Latin-1: text, utf8 "déjà", latin1;
#   a Latin-1 piece is made so through the JSON parser, else it took two bytes a
#   character: utf8 was 290 MB), otherwise two bytes a UTF-16 unit: the string is then
#   1.16x the body for cyrillic and astral, 0.69x for cjk, 1.63x for quotes (ASCII with
#   U+2019), and the peak twice that. The engine's C API copies every string it is given,
#   so the string cannot be built in place;
# - a JSON array or object: its parsed objects (~166 MB for the json array in
#   JavaScriptCore, measured as a second JSON.parse of its text in a spec) plus a run of
#   members: it is parsed from the bytes a megabyte of members at a time, each run's bytes
#   given back (api_bigjson.c), whatever the shape: the array two objects down (jsondeep,
#   308 MB before), an object of 420 000 members (jsonkeys, 308 MB before; its objects
#   alone take ~236 MB, which stay after the parse), items with "déjà" text (jsonutf8,
#   its strings two bytes a character). With the whole text held during JSON.parse the
#   json array took ~275 MB.
# Before any of this: json 770, text 501, utf8 388, binary 201 MB. A body that is never
# read as data costs its bytes only: data is made when first read.
#
# Under AddressSanitizer freed memory is held in quarantine and every allocation carries
# shadow memory, so peaks measure the sanitizer: the bodies are read and checked there as
# well, the bounds apply to the normal build only.
asan=0
if grep -qa '__asan_init' "$SONDE"; then asan=1; fi
for kind in json:200 jsondeep:200 jsonkeys:275 jsonutf8:245 text:220 utf8:170 latin1:165 \
  cyrillic:255 cjk:160 astral:255 quotes:350 binary:115 json:unread:115 utf8:unread:115 binary:unread:115; do
  type=${kind%%:*}
  limit=${kind##*:}
  read=all
  [[ $kind == *:unread:* ]] && read=none
  BODY_TYPE=$type BODY_READ=$read run_sonde run sonde.conf.js
  expect_status 0
  expect_out '3 passing'
  [[ $read == none ]] && type="$type unread"
  line=$(grep -o "peak RSS $type: before [0-9.]* MB, after [0-9.]* MB" "$OUT") ||
    fail "no peak RSS line for $type"
  before=$(sed -E 's/.*before ([0-9.]+) MB.*/\1/' <<<"$line")
  after=$(sed -E 's/.*after ([0-9.]+) MB.*/\1/' <<<"$line")
  added=$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%d", a - b }')
  echo "e2e: $type: the 100 MB body added $added MB to the worker's peak RSS (bound $limit MB)"
  if ((asan == 0)); then
    e2e_check
    ((added <= limit)) || fail "a 100 MB $type body added $added MB to the peak RSS (bound $limit MB)"
  fi
done
