// The built index.html the server-drawn page tests (pages, preview) hand the server: the generic
// head and the app's entry script that the server fills in per page.
export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Generic description." />
    <title>Generic title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
