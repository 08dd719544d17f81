// Deterministic text for the scale tier (test/scale-tier.ts): a seeded PRNG and prose made from a
// word list. The words hold no digits and no name of a Bible book, so plain prose never parses as
// a citation; citations come only from the citation paragraphs, which the app's linker links.
import { CATEGORY_NAMES, type LessonFields } from '@fw/contracts';

/** mulberry32: small, fast and the same on every machine. */
export class ScaleRandom {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** 0 … below-1. */
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(share: number): boolean {
    return this.next() < share;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0x10000).toString(16).padStart(4, '0');
    return out.slice(0, length);
  }
}

const WORDS = (
  'family home morning evening quiet patient kind honest gentle promise hope peace joy love ' +
  'children parents friends neighbours table bread water garden light road journey lesson ' +
  'prayer study reading question answer truth wisdom courage humble faithful generous ' +
  'careful thankful steady strength comfort trust heart mind words time week season ' +
  'together learn listen share help forgive remember choose build grow rest walk speak ' +
  'clear simple deep real daily small great new old good fair true warm bright calm ' +
  'the a and of to in with for on at by from about over under through every each our their ' +
  'people world work money stress worry plan habit example principle counsel practical'
).split(' ');
const NAMES = ['Maria', 'Daniel', 'Grace', 'Samuel', 'Ana', 'Lucas', 'Ruthie', 'Tomas', 'Elena', 'Peter', 'Hanna', 'Jonas', 'Sofia', 'Marek', 'Ivana', 'Oskar'];
const SURNAMES = ['Novak', 'Silva', 'Berg', 'Costa', 'Meyer', 'Horvat', 'Lind', 'Rossi', 'Kowal', 'Dunn'];
/** Citations as writers cite them; each paragraph is linked once by the app's own linker. */
const CITATIONS = [
  'Psalm 83:18', 'Matthew 6:9, 10', 'John 17:3', 'Proverbs 3:5, 6', 'Isaiah 65:21-23', 'Revelation 21:3, 4',
  'Philippians 4:6, 7', 'Ephesians 4:32', 'Colossians 3:13', 'James 1:5', 'Romans 12:18', 'Hebrews 13:5',
  '1 Timothy 6:10', 'Psalm 37:10, 11', 'Daniel 2:44', 'Acts 17:27', 'Ecclesiastes 4:6', '2 Timothy 3:16',
  'Luke 11:28', 'Micah 4:3, 4', 'Genesis 2:15', 'Deuteronomy 6:6, 7', '1 John 4:8', 'Galatians 5:22, 23',
];

export class ScaleText {
  constructor(private readonly random: ScaleRandom) {}

  private words(count: number): string {
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this.random.pick(WORDS));
    const text = out.join(' ');
    return text[0]!.toUpperCase() + text.slice(1);
  }

  private sentences(minChars: number): string {
    let text = '';
    while (text.length < minChars) text += `${text ? ' ' : ''}${this.words(6 + this.random.int(12))}.`;
    return text;
  }

  personName(n: number): string {
    return `${NAMES[n % NAMES.length]} ${SURNAMES[Math.floor(n / NAMES.length) % SURNAMES.length]}`;
  }

  heading(): { title: string; subtitle: string; category: string } {
    return {
      title: this.words(2 + this.random.int(4)),
      subtitle: `${this.words(8 + this.random.int(8))}.`,
      category: this.random.pick(CATEGORY_NAMES),
    };
  }

  /** One paragraph per citation, before linking. */
  citationParagraphs(): string[] {
    return CITATIONS.map((citation, i) =>
      i % 3 === 0
        ? `<blockquote>${this.words(14)}. (${citation})</blockquote>`
        : `<p>${this.words(10)}, as ${citation} shows. ${this.sentences(120)}</p>`,
    );
  }

  /**
   * About `bytes` of article HTML (Quill's shape: blocks with nothing between), with a citation
   * paragraph now and then; `scripture` is their citations in order of first appearance, once each.
   */
  article(bytes: number, citations: readonly { html: string; scripture: string[] }[]): { html: string; scripture: string[] } {
    const blocks: string[] = [];
    const scripture: string[] = [];
    let size = 0;
    while (size < bytes) {
      let block: string;
      if (blocks.length && this.random.chance(0.1)) {
        const cited = this.random.pick(citations);
        block = cited.html;
        for (const osis of cited.scripture) if (!scripture.includes(osis)) scripture.push(osis);
      } else if (blocks.length % 6 === 0) {
        block = `<h2>${this.words(3 + this.random.int(4))}</h2>`;
      } else {
        block = `<p>${this.sentences(250 + this.random.int(450))}</p>`;
      }
      blocks.push(block);
      size += block.length;
    }
    return { html: blocks.join(''), scripture };
  }

  /** A visitor's comment of about `chars` characters. */
  comment(chars: number): string {
    return this.sentences(chars - 20).slice(0, chars);
  }

  lesson(date: string): LessonFields {
    if (this.random.chance(0.1)) return { date, broadcast: true, title: '', text: '', extras: [] };
    const topics = this.random.int(3);
    return {
      date,
      broadcast: false,
      title: this.words(3 + this.random.int(3)),
      text: `${this.random.pick(CITATIONS)}; ${this.words(6)}`,
      extras: Array.from({ length: topics }, () => ({ title: this.words(3), text: this.words(8) })),
    };
  }
}
