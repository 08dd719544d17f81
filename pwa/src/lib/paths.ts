// Every route, declared once. Shared (lib): features link to each other's screens through it, and
// the router in app/ declares them.
export const paths = {
  home: '/',
  article: (id: string) => `/article/${id}`,
  articlePattern: '/article/:id',
  family: '/family',
  about: '/about-us',
  chapterPattern: '/bible/:book/:chapter',
  saved: '/saved',
  notes: '/notes',
  register: '/register',
  admin: '/admin',
  adminCreate: '/admin/create',
  adminAllArticles: '/admin/allArticles',
  adminComments: '/admin/comments',
  adminUsers: '/admin/users',
  adminWorship: '/admin/worship',
} as const;
