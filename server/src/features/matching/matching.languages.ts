/**
 * The languages matching knows by name (issue 32, item 2; decision 050). A language's name says
 * which people a post is for, not what it needs: "Tagalog" in a need for rides and in an offer of
 * storybooks is no reason to pair them. So language names are qualifiers, never the telling
 * shared word, except between two posts that are both language work (translation, interpreting),
 * where the language is the very thing asked for and offered, and where two posts naming only
 * different languages cannot answer each other ("isiZulu voice notes" and "Tagalog translation").
 *
 * Kept small on purpose: the languages of the places the community posts from, and the most
 * spoken ones. Each is listed with the names people write for it, demonyms included where they
 * double as the language's name ("Filipino", "Japanese"). PostgreSQL stems them with the posts'
 * own English stemmer (matching.queries.ts), so "Portuguese" meets the lexeme "portugues".
 * Left out on purpose: names that are also common English words ("Polish").
 */
export const LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  English: ['English'],
  Tagalog: ['Tagalog', 'Filipino', 'Pilipino'],
  Cebuano: ['Cebuano', 'Bisaya', 'Binisaya', 'Visayan'],
  Waray: ['Waray', 'Waray-Waray'],
  Hiligaynon: ['Hiligaynon', 'Ilonggo'],
  Ilocano: ['Ilocano', 'Ilokano'],
  Zulu: ['Zulu', 'isiZulu'],
  Xhosa: ['Xhosa', 'isiXhosa'],
  Sotho: ['Sesotho', 'Sotho'],
  Afrikaans: ['Afrikaans'],
  Swahili: ['Swahili', 'Kiswahili'],
  Yoruba: ['Yoruba'],
  Igbo: ['Igbo'],
  Hausa: ['Hausa'],
  Twi: ['Twi', 'Akan'],
  Ewe: ['Ewe'],
  Wolof: ['Wolof'],
  Amharic: ['Amharic'],
  Somali: ['Somali'],
  Arabic: ['Arabic'],
  French: ['French'],
  Spanish: ['Spanish'],
  Portuguese: ['Portuguese'],
  Italian: ['Italian'],
  German: ['German'],
  Dutch: ['Dutch'],
  Czech: ['Czech'],
  Norwegian: ['Norwegian'],
  Irish: ['Irish', 'Gaeilge'],
  Russian: ['Russian'],
  Ukrainian: ['Ukrainian'],
  Turkish: ['Turkish'],
  Persian: ['Persian', 'Farsi', 'Dari'],
  Hindi: ['Hindi'],
  Marathi: ['Marathi'],
  Urdu: ['Urdu'],
  Bengali: ['Bengali', 'Bangla'],
  Tamil: ['Tamil'],
  Nepali: ['Nepali'],
  Chinese: ['Chinese', 'Mandarin', 'Cantonese'],
  Japanese: ['Japanese'],
  Korean: ['Korean'],
  Vietnamese: ['Vietnamese'],
  Thai: ['Thai'],
  Indonesian: ['Indonesian', 'Bahasa'],
  Malay: ['Malay'],
};

/**
 * Words that make a post language work when they are in its title or category: the language it
 * names is what it asks for or offers. ("Speak" is not one: "Tagalog-speaking nurse" is a nurse.)
 */
export const LANGUAGE_WORK_WORDS = [
  'translation',
  'translator',
  'translate',
  'interpreter',
  'interpreting',
  'language',
  'subtitles',
  'transcription',
  'captions',
  // Teaching a language: "English lessons" are not answered by "Portuguese lessons". Teaching
  // anything else names no language, so the rule never touches it.
  'lessons',
  'classes',
  'course',
  'tutor',
  'tutoring',
  'teacher',
  'teaching',
] as const;

/**
 * The one language written posts are assumed to be in: between two posts that each name another
 * language too, English is where the work comes from ("from English into Tagalog"), not what is
 * asked for, so it neither joins nor parts them.
 */
export const BASE_LANGUAGE = 'English';
