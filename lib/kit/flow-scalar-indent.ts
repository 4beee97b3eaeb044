// go-yaml (which Karmada's decoder uses) and js-yaml accept a quoted scalar whose continuation lines are indented no
// deeper than its key, as in Karmada's own third-party testdata:
//
//         message: 'invalid ''fake-secret'' secret data: required fields ''accesskey''
//         and ''secretkey'''
//
// The `yaml` package follows the spec and reads `and ''secretkey'''` as the next key. Indenting such lines one
// column past their key makes the document valid YAML with the value go-yaml reads.

/** The column after `- ` markers and the key, and the quote that opens a value left unclosed on its line. */
const quotedValue = /^((?:\s*-\s+)*\s*)(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"-][^#]*?|-[^\s#][^#]*?)\s*:\s+(['"])/;

/** Where the scalar opened at `from` (just past its quote) closes on `line`, or -1 when it does not. */
function closingQuote(line: string, from: number, quote: string): number {
  for (let i = from; i < line.length; i++) {
    const char = line[i];
    if (quote === '"' && char === '\\') i++;
    else if (char === quote) {
      if (quote === "'" && line[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

export function indentFlowScalarContinuations(text: string): string {
  let open: { quote: string; keyColumn: number } | undefined;
  return text
    .split('\n')
    .map((line) => {
      if (open !== undefined) {
        const indent = line.length - line.trimStart().length;
        const fixed = line.trim() !== '' && indent <= open.keyColumn ? `${' '.repeat(open.keyColumn + 1 - indent)}${line}` : line;
        if (closingQuote(fixed, 0, open.quote) !== -1) open = undefined;
        return fixed;
      }
      const match = quotedValue.exec(line);
      if (match !== null && closingQuote(line, match[0].length, match[2]!) === -1) open = { quote: match[2]!, keyColumn: match[1]!.length };
      return line;
    })
    .join('\n');
}
