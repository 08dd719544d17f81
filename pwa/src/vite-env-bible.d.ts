// The build's list of Bible files (pwa/vite-plugins/bible.ts).
declare module 'virtual:bible-manifest' {
  const manifest: import('@fw/contracts/bible').BibleManifest;
  export default manifest;
}
