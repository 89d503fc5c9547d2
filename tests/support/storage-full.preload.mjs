// Loaded into a server process with `node --import`: while the file STORAGE_FULL_FLAG exists,
// every file written or copied under STORAGE_FULL_DIR goes to /dev/full instead, so the write
// fails with the kernel's own ENOSPC ("No space left on device"). A real full disk needs a small
// mounted file system, which a test on a shared machine cannot make without root mounts; this
// fails the very system calls a full disk fails, and nothing else.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';

const dir = process.env.STORAGE_FULL_DIR;
const flag = process.env.STORAGE_FULL_FLAG;

function full(file) {
  return Boolean(dir && flag) && typeof file === 'string' && file.startsWith(dir) && fs.existsSync(flag);
}

const { writeFile, copyFile } = fsp;
fsp.writeFile = (file, data, options) => writeFile(full(file) ? '/dev/full' : file, data, options);
fsp.copyFile = (source, target, mode) =>
  full(target) ? writeFile('/dev/full', fs.readFileSync(source)) : copyFile(source, target, mode);
// `import { writeFile } from 'node:fs/promises'` in the server sees the replacements too.
syncBuiltinESMExports();
