// Every route, declared once. Shared (lib): features link to each other's screens through it, and
// the router in app/ declares them.
/**
 * Text as one path segment: encoded, and never "." or ".." (which a browser resolves away). Links
 * are made from ids that pages check first; this keeps one that slipped by (an old device record,
 * say) from ever becoming `/article/../../admin`. A real id (24 hexadecimal characters) is unchanged.
 */
function segment(text: string): string {
  const encoded = encodeURIComponent(text);
  return encoded === '.' || encoded === '..' ? '' : encoded;
}

/** The id of a lesson's card on /family, which a link to that lesson names after its `#`. */
export const lessonAnchor = (id: string): string => `lesson-${id}`;

export const paths = {
  home: '/',
  article: (id: string) => `/article/${segment(id)}`,
  articlePattern: '/article/:id',
  family: '/family',
  lesson: (id: string) => `/family#${encodeURIComponent(lessonAnchor(id))}`,
  daily: '/daily',
  about: '/about-us',
  chapterPattern: '/bible/:book/:chapter',
  saved: '/saved',
  notes: '/notes',
  plans: '/plans',
  plan: (id: string) => `/plans/${segment(id)}`,
  planPattern: '/plans/:id',
  reminders: '/reminders',
  register: '/register',
  admin: '/admin',
  adminCreate: '/admin/create',
  adminAllArticles: '/admin/allArticles',
  adminComments: '/admin/comments',
  adminUsers: '/admin/users',
  adminWorship: '/admin/worship',
  adminDaily: '/admin/daily',
} as const;
