// The router type, in a file of its own: the session policy (session.ts) needs it, and importing it
// from router.tsx would close the loop router → login guard → session → router.
import type { createBrowserRouter } from 'react-router-dom';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
