// Imported by browser code that runs the contracts' zod schemas (the admin's lesson checks).
// zod 4 compiles object parsers with `new Function` when it can, probing first; under the app's
// Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation even though
// zod catches it. Jitless parsing never tries, at a cost that a form's few rows do not notice.
import { z } from 'zod';

z.config({ jitless: true });
