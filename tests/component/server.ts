// msw handlers typed by the contract's paths (tests/contract-http.ts), for the calls the shell makes.
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { components } from '../../openapi/schema.d.ts';
import { contractHttp } from '../contract-http.ts';
import { someProducts } from '../factories.ts';

type ContentPage = components['schemas']['ContentPage'];
type Products = components['schemas']['Products'];

export const PAGES: Record<string, ContentPage> = {
  privacy: {
    slug: 'privacy',
    pageName: 'Privacy Policy',
    body: [
      {
        _type: 'block',
        _key: 'a',
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: 's', text: '<b>We keep your data safe.</b>', marks: [] }],
      },
    ],
  },
};

export const EMPTY_PRODUCTS: Products = someProducts();

export const server = setupServer(
  contractHttp.get('/api/content/pages/{slug}', ({ params }) => {
    const page = PAGES[String(params.slug)];
    return page
      ? HttpResponse.json({ success: true as const, page })
      : HttpResponse.json({ success: false as const, message: 'No content page' }, { status: 404 });
  }),
  contractHttp.get('/api/trainer/{trainerID}/products', () => HttpResponse.json(EMPTY_PRODUCTS)),
  // Tests that render a member's pages give their own user; without one there is no session.
  contractHttp.get('/api/user', () =>
    HttpResponse.json({ success: false as const, message: 'Please log in' }, { status: 401 }),
  ),
  // A member with no invoices and no billing details yet, unless a test gives its own.
  contractHttp.get('/api/user/invoices', () =>
    HttpResponse.json({ success: true as const, invoices: [], next: null }),
  ),
  contractHttp.get('/api/user/billing-details', () =>
    HttpResponse.json({
      success: true as const,
      billingDetails: { company: null, address: null, taxId: null },
    }),
  ),
);
