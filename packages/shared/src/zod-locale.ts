import { z } from 'zod';

/** Zod's built-in German messages for every schema without a message of its own (server and browser). */
z.config(z.locales.de());
