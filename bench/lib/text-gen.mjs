// Generated articles for the benchmarks: original pseudo-text, deterministic from a seed, shaped
// like what the editor stores (headings, paragraphs, marks, links, lists, quotes) and averaging
// about 800 words. Word frequencies follow Zipf's law (the k-th commonest word is about k times
// rarer than the commonest), as in real prose: function words first, then a written list of
// topic words in a fixed shuffled order, then a long tail of made-up rarer words, so a topic
// word is in a fraction of the articles and the vocabulary grows with the library the way a
// real one does. Shared by the browser search page and the Node benchmarks; no dependencies.

const CATEGORY_NAMES = ['Life', 'Spirit', 'Truth', 'Proof', 'Hope'];

const FUNCTION_WORDS =
  `the and of to a in that is for it with as was his he be on by this are which not
you all but at they from or have one had will their we there what when who were been has would
him her so if may our more no can them into your out up do its then my she only these than
`
    .trim()
    .split(/\s+/);

const CONTENT_WORDS =
  `family home children parents father mother son daughter brother sister child husband wife
marriage friend friends neighbour neighbours people person life living live lives day days week
morning evening night year years time times hour moment season world earth heaven sky land
water bread table meal house door road path way journey step steps light darkness lamp fire
garden tree trees seed seeds harvest field fields rain river stone mountain valley city village
god lord creator father spirit word words promise promises kingdom truth wisdom knowledge
understanding love loving kindness patience peace joy hope faith faithful courage humility
mercy forgiveness forgive forgiving grace gentle gentleness goodness self control trust honest
honesty prayer pray praying worship praise thanks thankful grateful gratitude study studying
reading read scripture scriptures verse verses chapter psalm psalms proverb proverbs prophet
prophets prophecy gospel letter apostle disciples teacher teaching lesson lessons example
learn learning teach taught listen listening speak speaking heart hearts mind minds strength
weak weakness worry worries anxiety fear afraid calm quiet rest stress money work working job
tired sick healing health comfort comforting sorrow grief tears suffering pain loss death
resurrection future everlasting promise paradise creation nature animals birds flowers sun moon
stars evidence history archaeology science design record records ancient cities kings king
nation nations law laws rule rules choice choices decision decisions habit habits help helping
share sharing give giving receive generous poor rich need needs care caring young old elderly
grandparents together alone united unity respect honour obey obedience conscience guide guidance
counsel advice principle principles practical simple small great good better best right wrong
sin error mistake mistakes repent change changed new old first last every each many few little
much other another same own true real clear deep long short high low near far before after
always never often sometimes today tomorrow yesterday now soon still even also just very
how why where because although while until since unless though yet again once twice
find found seek seeking ask asked answer answers question questions hear heard see seen know
known think thought feel felt make made take took keep kept come came go went bring brought
show showed tell told call called hold held stand stood walk walked run build built plant
grow grew growing bear carry lift open close begin began end ending remember remembered
`
    .trim()
    .split(/\s+/);

const SYLLABLES = `ba be bi bo bu da de di do du fa fe fi fo ka ke ki ko la le li lo lu ma me mi mo
mu na ne ni no nu pa pe pi po ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zi
zo bar ber bor dan den dor fal fel gan gor har hel kan kel lan lem mar mel nar nor par pel ran
rel sal sel tan tel val vel wen wor yal yen`
  .trim()
  .split(/\s+/);

/** A small seeded generator (mulberry32): the same seed gives the same articles everywhere. */
export function randomFrom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)],
  };
}

const RARE_WORDS = 60_000;
/** The i-th made-up rare word: two to four syllables, stable for a given index. */
function rareWord(i) {
  const r = randomFrom(i * 7919 + 17);
  const count = 2 + r.int(3);
  let word = '';
  for (let s = 0; s < count; s++) word += r.pick(SYLLABLES);
  return word;
}

/** Every word by rank, commonest first, and the cumulative Zipf weights to draw one. */
const RANKED = (() => {
  const shuffle = randomFrom(4242);
  const topics = [...new Set(CONTENT_WORDS)];
  for (let i = topics.length - 1; i > 0; i--) {
    const j = shuffle.int(i + 1);
    [topics[i], topics[j]] = [topics[j], topics[i]];
  }
  const words = [...FUNCTION_WORDS, ...topics];
  for (let i = 0; i < RARE_WORDS; i++) words.push(rareWord(i));
  return words;
})();
const CUMULATIVE = (() => {
  const sums = new Float64Array(RANKED.length);
  let total = 0;
  for (let k = 0; k < RANKED.length; k++) sums[k] = total += 1 / (k + 1);
  return sums.map((v) => v / total);
})();

function word(r) {
  const u = r.next();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (CUMULATIVE[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return RANKED[lo];
}

/** A made-up name or place: a word from the rare tail. */
const name = (r) => RANKED[RANKED.length - RARE_WORDS + r.int(RARE_WORDS)];

const capital = (w) => w.charAt(0).toUpperCase() + w.slice(1);

function sentence(r) {
  const length = 8 + r.int(15);
  const words = [];
  for (let i = 0; i < length; i++) {
    let w = word(r);
    if (i > 2 && r.next() < 0.02) w = capital(name(r));
    words.push(w);
    if (i > 2 && i < length - 2 && r.next() < 0.08) words.push(',');
  }
  words[0] = capital(words[0]);
  const end = r.next() < 0.85 ? '.' : r.pick(['?', '!']);
  return `${words.join(' ').replace(/ ,/g, ',')}${end}`;
}

/** Inline marks and the odd entity or typographic quote, as the editor stores them. */
function decorate(r, text) {
  const words = text.split(' ');
  for (let i = 1; i < words.length - 1; i++) {
    const roll = r.next();
    if (roll < 0.02) words[i] = `<strong>${words[i]}</strong>`;
    else if (roll < 0.035) words[i] = `<em>${words[i]}</em>`;
    else if (roll < 0.04)
      words[i] =
        `<a href="https://example.org/${words[i].replace(/\W/g, '')}" rel="noopener noreferrer" target="_blank">${words[i]}</a>`;
    else if (roll < 0.045) words[i] = `${words[i]} &amp;`;
    else if (roll < 0.05) words[i] = `“${words[i]}”`;
  }
  return words.join(' ');
}

function paragraph(r, sentences) {
  const parts = [];
  for (let i = 0; i < sentences; i++) parts.push(sentence(r));
  return decorate(r, parts.join(' '));
}

/** HTML for one article body of about `targetWords` words. */
export function articleHtml(r, targetWords) {
  const blocks = [];
  let words = 0;
  const count = (html) =>
    html
      .replace(/<[^>]*>/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
  const push = (html) => {
    blocks.push(html);
    words += count(html);
  };
  while (words < targetWords) {
    const roll = r.next();
    if (blocks.length > 0 && roll < 0.1)
      push(`<h2>${capital(sentence(r).slice(0, -1).split(' ').slice(0, 5).join(' '))}</h2>`);
    else if (roll < 0.16) {
      const items = 2 + r.int(4);
      const lis = [];
      for (let i = 0; i < items; i++) lis.push(`<li>${decorate(r, sentence(r))}</li>`);
      push(r.next() < 0.5 ? `<ul>${lis.join('')}</ul>` : `<ol>${lis.join('')}</ol>`);
    } else if (roll < 0.2) push(`<blockquote>${paragraph(r, 1 + r.int(2))}</blockquote>`);
    else push(`<p>${paragraph(r, 3 + r.int(5))}</p>`);
  }
  return blocks.join('');
}

function title(r) {
  const length = 2 + r.int(4);
  const words = [];
  for (let i = 0; i < length; i++) words.push(capital(CONTENT_WORDS[r.int(CONTENT_WORDS.length)]));
  return words.join(' ');
}

/** A hex ObjectId-shaped id from a number (stable, unique per n). */
export function benchId(n) {
  return `b0${n.toString(16).padStart(22, '0')}`;
}

/**
 * The n-th generated article input: { title, subtitle, category, content, isPublished }.
 * Body length varies between about 360 and 1,200 words (mean about 800).
 */
export function articleInput(n, seed = 1) {
  const r = randomFrom(seed * 1_000_003 + n);
  return {
    title: title(r),
    subtitle: sentence(r).slice(0, 160),
    category: CATEGORY_NAMES[r.int(CATEGORY_NAMES.length)],
    content: articleHtml(r, 360 + r.int(801)),
    isPublished: true,
  };
}

/** The n-th article as the delta feed sends it (for loading a device directly). */
export function feedArticle(n, seed = 1) {
  const input = articleInput(n, seed);
  const at = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
  return { _id: benchId(n), ...input, version: 1, createdAt: at, updatedAt: at };
}
