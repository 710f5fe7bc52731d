/** Whether a process with this pid exists (one we may not signal exists too). The pid may be reused: callers that must know it is the same process check more. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
