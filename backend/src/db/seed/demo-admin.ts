// The demo administrator, created only with the embedded development database (SEED_DEMO=true,
// which `npm start` sets only when it runs FerretDB itself). The README gives these credentials.
export const DEMO_ADMIN = {
  name: 'Demo Admin',
  email: 'admin@example.com',
  password: 'family-worship-demo',
} as const;
