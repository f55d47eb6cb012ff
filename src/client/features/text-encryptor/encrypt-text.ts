/**
 * The text encryptor: every letter and digit becomes a look-alike Unicode character and every
 * character is followed by an invisible zero-width space, so a word no longer matches the plain-text word a
 * filter looks for while it still reads the same. Accented letters keep their accent (the base letter is
 * swapped, the combining mark stays); anything without a look-alike (punctuation, emoji) is kept as is.
 */
export const ZERO_WIDTH_SPACE = '\u200B';

/** The fixed substitution table: Cyrillic, Greek, Armenian, Roman-numeral and math sans-serif twins. */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  a: '\u0430', // а Cyrillic
  b: '\u042C', // Ь Cyrillic
  c: '\u0441', // с Cyrillic
  d: '\u0501', // ԁ Cyrillic
  e: '\u0435', // е Cyrillic
  f: '\u{1D5BF}', // 𝖿 math sans-serif
  g: '\u0261', // ɡ Latin script g
  h: '\u04BB', // һ Cyrillic
  i: '\u0456', // і Cyrillic
  j: '\u0458', // ј Cyrillic
  k: '\u{1D5C4}', // 𝗄 math sans-serif
  l: '\u217C', // ⅼ small Roman numeral fifty
  m: '\u217F', // ⅿ small Roman numeral one thousand
  n: '\u0578', // ո Armenian
  o: '\u043E', // о Cyrillic
  p: '\u0440', // р Cyrillic
  q: '\u051B', // ԛ Cyrillic
  r: '\u0433', // г Cyrillic
  s: '\u0455', // ѕ Cyrillic
  t: '\u{1D5CD}', // 𝗍 math sans-serif
  u: '\u057D', // ս Armenian
  v: '\u03BD', // ν Greek
  w: '\u051D', // ԝ Cyrillic
  x: '\u0445', // х Cyrillic
  y: '\u0443', // у Cyrillic
  z: '\u1D22', // ᴢ small capital
  A: '\u0410', // А Cyrillic
  B: '\u0412', // В Cyrillic
  C: '\u0421', // С Cyrillic
  D: '\u216E', // Ⅾ Roman numeral five hundred
  E: '\u0415', // Е Cyrillic
  F: '\u03DC', // Ϝ Greek digamma
  G: '\u050C', // Ԍ Cyrillic
  H: '\u041D', // Н Cyrillic
  I: '\u0406', // І Cyrillic
  J: '\u0408', // Ј Cyrillic
  K: '\u041A', // К Cyrillic
  L: '\u216C', // Ⅼ Roman numeral fifty
  M: '\u041C', // М Cyrillic
  N: '\u039D', // Ν Greek
  O: '\u041E', // О Cyrillic
  P: '\u0420', // Р Cyrillic
  Q: '\u051A', // Ԛ Cyrillic
  R: '\u{1D5B1}', // 𝖱 math sans-serif
  S: '\u0405', // Ѕ Cyrillic
  T: '\u0422', // Т Cyrillic
  U: '\u054D', // Ս Armenian
  V: '\u2164', // Ⅴ Roman numeral five
  W: '\u051C', // Ԝ Cyrillic
  X: '\u0425', // Х Cyrillic
  Y: '\u03A5', // Υ Greek
  Z: '\u0396', // Ζ Greek
  '0': '\u{1D7E2}', // 𝟢 math sans-serif digits
  '1': '\u{1D7E3}',
  '2': '\u{1D7E4}',
  '3': '\u{1D7E5}',
  '4': '\u{1D7E6}',
  '5': '\u{1D7E7}',
  '6': '\u{1D7E8}',
  '7': '\u{1D7E9}',
  '8': '\u{1D7EA}',
  '9': '\u{1D7EB}',
};

/** The message for empty or blank text. */
export const ENCRYPT_TEXT_REQUIRED = 'Por favor, digite algum texto para criptografar.';
/** The simulated processing delay before the result shows. */
export const ENCRYPT_DELAY_MS = 1000;
/** A bound on what one click processes (the output is about three times longer). */
export const ENCRYPT_MAX_LENGTH = 10_000;

/** The text's user-perceived characters: an emoji sequence or a letter with its accents stays whole. */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(
      new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }).segment(text),
      (s) => s.segment,
    );
  }
  return Array.from(text);
}

/** One character's look-alike: the base letter of an accented one is swapped and its marks kept. */
function swap(grapheme: string): string {
  const direct = LOOK_ALIKES[grapheme];
  if (direct) return direct;
  const decomposed = grapheme.normalize('NFD');
  const base = decomposed[0] ?? '';
  const twin = LOOK_ALIKES[base];
  return twin && /^[\u0300-\u036F]+$/.test(decomposed.slice(1)) ? twin + decomposed.slice(1) : grapheme;
}

/**
 * The encrypted text: each character swapped for its look-alike and followed by a zero-width space. Line
 * breaks are kept as they are (no invisible character starts a line).
 */
export function encryptText(text: string): string {
  let out = '';
  for (const grapheme of graphemes(text)) {
    if (grapheme === '\n' || grapheme === '\r\n' || grapheme === '\r') out += grapheme;
    else out += swap(grapheme) + ZERO_WIDTH_SPACE;
  }
  return out;
}

/** The check before encrypting (the text must not be blank): null when the text can be encrypted, else the message. */
export function validateEncryptInput(text: string): string | null {
  if (text.trim() === '') return ENCRYPT_TEXT_REQUIRED;
  if (text.length > ENCRYPT_MAX_LENGTH)
    return `O texto pode ter no máximo ${ENCRYPT_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`;
  return null;
}
