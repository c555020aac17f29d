// What ECMAScript makes of schema patterns: reads [[pattern, [subject, ...]], ...] as JSON on
// stdin and writes, for each pattern, null where RegExp refuses it, else whether it matches
// each subject. A pattern is read with the "u" flag, as JSON Schema asks, and where that
// refuses it, as Annex B reads it (as validators accept it); with --unicode-only, with the "u"
// flag alone. Used by tests/core/test_ecma_regex.py.
const flagsTried = process.argv.includes("--unicode-only") ? ["u"] : ["u", ""];
let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const verdicts = JSON.parse(input).map(([pattern, subjects]) => {
    let expression = null;
    for (const flags of flagsTried) {
      try {
        expression = new RegExp(pattern, flags);
        break;
      } catch (error) {
        expression = null;
      }
    }
    return expression === null ? null : subjects.map((subject) => expression.test(subject));
  });
  process.stdout.write(JSON.stringify(verdicts));
});
