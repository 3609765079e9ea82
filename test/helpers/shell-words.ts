// A POSIX shell's reading of a command line, enough to check what hire prints for a person to copy:
// words split at blanks, single quotes (nothing special inside), double quotes (backslash escapes
// only $ ` " \ and newline), a backslash outside quotes escaping the next character, a backslash
// before a newline removed (the line continues), and `#` at the start of a word beginning a comment.
// Unquoted $, `, globs and operators are refused: a suggestion must not hold them.

export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  const add = (chars: string) => (word = (word ?? '') + chars);
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === '\\') {
      const next = text[at + 1];
      if (next === undefined) throw new Error('a backslash at the end of the text');
      at++;
      if (next !== '\n') add(next);
    } else if (char === "'") {
      const end = text.indexOf("'", at + 1);
      if (end < 0) throw new Error(`an unclosed single quote in ${JSON.stringify(text)}`);
      add(text.slice(at + 1, end));
      at = end;
    } else if (char === '"') {
      let inside = '';
      for (at++; text[at] !== '"'; at++) {
        if (at >= text.length) throw new Error(`an unclosed double quote in ${JSON.stringify(text)}`);
        if (text[at] === '\\' && '$`"\\\n'.includes(text[at + 1] ?? '')) {
          if (text[at + 1] !== '\n') inside += text[at + 1];
          at++;
        } else if ('$`'.includes(text[at]!)) throw new Error(`${text[at]} in double quotes`);
        else inside += text[at];
      }
      add(inside);
    } else if (char === ' ' || char === '\t' || char === '\n') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === '#' && word === undefined) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end - 1;
    } else if ('$`|&;<>()*?[~'.includes(char)) {
      throw new Error(`an unquoted ${char} in ${JSON.stringify(text)}`);
    } else add(char);
  }
  if (word !== undefined) words.push(word);
  return words;
}
