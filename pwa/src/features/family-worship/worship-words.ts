// Words of the Family Worship page that the browser tests look for, in a file that imports
// nothing, so a test running in Node can read them without the page's imports (the Bible's
// build-time modules among them).

export const PAST_LESSONS_HEADING = 'Past lessons';
