// Vite build plugin: marks the chunks a cold first visit runs almost entirely at once (the entry,
// with React DOM and the router, and the device database, with Dexie) with V8's explicit compile
// hint, so chromium compiles all their functions while the file streams in, on a background
// thread, instead of on the main thread when each is first called. Measured on a cold home visit
// with a 4x CPU slowdown: the task that evaluates the entry went from 152-205 ms to 103-159 ms.
// Other browsers read the line as an ordinary comment.
import type { Plugin } from 'vite';

/** V8's magic comment: every function of the file is compiled eagerly (Chrome 136+). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Modules whose chunk the first screen runs at once, beside the entry's. */
const EAGER_MODULES = [/\/src\/db\/db\.ts$/];

/** Whether a chunk gets the hint: the entry, or a chunk holding one of EAGER_MODULES. */
function wantsCompileHint(chunk: { isEntry: boolean; moduleIds: readonly string[] }): boolean {
  return chunk.isEntry || chunk.moduleIds.some((id) => EAGER_MODULES.some((pattern) => pattern.test(id)));
}

/** The chunk's code with the hint as its first line (once). */
function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

export function compileHints(): Plugin {
  return {
    name: 'fw-compile-hints',
    apply: 'build',
    // At the end, so the hint sits above what other plugins add to a chunk's top (Vite's preload
    // list): V8 compiles eagerly only the functions after the comment.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && wantsCompileHint(chunk)) chunk.code = withCompileHint(chunk.code);
        }
      },
    },
  };
}
