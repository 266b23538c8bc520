import { defineCall, defineCalls } from '../calls/define-call.js';
import { HomeFiguresSchema } from './home.schemas.js';

// Home's one call (docs/api.md 'Home'): every signed-in caller may ask; each section of the answer is there only for
// who may see it (docs/product.md 'Home'), in the caller's active asset.
const figures = defineCall({
  operationId: 'home.figures',
  summary: "The Home page's figures for the caller, each with the link to the list behind it",
  tag: 'home',
  access: 'signed-in',
  scope: 'asset',
  kind: 'query',
  output: HomeFiguresSchema,
  rest: { method: 'GET', path: '/api/home', envelope: 'data' },
});

export const homeCalls = defineCalls('home', { figures });
