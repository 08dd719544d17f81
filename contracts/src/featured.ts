// The three articles the footer links to. Their ids are fixed so the links hold on every install.
export const FEATURED_ARTICLES = [
  { title: "God's Name", id: '64f000000000000000000001' },
  { title: 'His Kingdom', id: '64f000000000000000000002' },
  { title: 'Will Be Done', id: '64f000000000000000000003' },
] as const;
