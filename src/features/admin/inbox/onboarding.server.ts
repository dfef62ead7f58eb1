import type { Db } from '../../../server/db/client.ts';
import type { Listed, PageRequest } from '../../../server/db/list-query.ts';
import {
  clientOnboardingFields,
  listClientOnboardingSubmissions,
} from '../../client-onboarding/client-onboarding.server.ts';
import { listOnboardingForms } from '../../order-onboarding/order-onboarding.server.ts';
import {
  LOGO_URL_PATTERN,
  onboardingProgress,
  type OnboardingProgress,
} from '../../order-onboarding/order-onboarding.ts';
import { ordersByIds, ordersMatchingWord } from '../../orders/orders.server.ts';
import type { ListQuery } from '../admin.ts';
import type { CsvColumn } from '../../../lib/csv.ts';

type Fields = Record<string, unknown>;

export type AdminOrderOnboarding = {
  id: number;
  orderId: number;
  orderNumber: string;
  productName: string;
  customerName: string;
  customerEmail: string;
  createdAt: string;
  updatedAt: string;
  completed: boolean;
  businessInfo: Fields | null;
  projectDetails: Fields | null;
  designPreferences: Fields | null;
  progress: OnboardingProgress;
  /** The uploaded logo; /api/onboarding/logo/... serves it to its owner and to signed-in admins. */
  logoUrl: string | null;
};

/** The stored logo URL, only when it has the shape the upload endpoint hands out. */
function logoUrlOf(businessInfo: Fields | null): string | null {
  const url = typeof businessInfo?.logoUrl === 'string' ? businessInfo.logoUrl : '';
  return LOGO_URL_PATTERN.test(url) ? url : null;
}

export async function listOrderOnboarding(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<AdminOrderOnboarding>> {
  const { rows, ...paging } = await listOnboardingForms(db, q, page, (word) =>
    ordersMatchingWord(db, word),
  );
  const orders = await ordersByIds(
    db,
    rows.map((f) => f.orderId),
  );
  const items: AdminOrderOnboarding[] = rows.map((form) => {
    const order = orders.get(form.orderId);
    return {
      id: form.id,
      orderId: form.orderId,
      orderNumber: order?.orderNumber ?? '',
      productName: order?.productName ?? '',
      customerName: order?.customerName ?? '',
      customerEmail: order?.customerEmail ?? '',
      createdAt: form.createdAt.toISOString(),
      updatedAt: form.updatedAt.toISOString(),
      completed: form.completed,
      businessInfo: form.businessInfo ?? null,
      projectDetails: form.projectDetails ?? null,
      designPreferences: form.designPreferences ?? null,
      progress: onboardingProgress(form),
      logoUrl: logoUrlOf(form.businessInfo ?? null),
    };
  });
  return { ...paging, rows: items };
}

const flat = (fields: Fields | null) =>
  fields
    ? Object.entries(fields)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('\n')
    : '';

export const ORDER_ONBOARDING_CSV: CsvColumn<AdminOrderOnboarding>[] = [
  { header: 'Order number', value: (r) => r.orderNumber },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Customer name', value: (r) => r.customerName },
  { header: 'Customer email', value: (r) => r.customerEmail },
  { header: 'Started (UTC)', value: (r) => r.createdAt },
  { header: 'Updated (UTC)', value: (r) => r.updatedAt },
  { header: 'Completed', value: (r) => (r.completed ? 'yes' : 'no') },
  { header: 'Business info', value: (r) => flat(r.businessInfo) },
  { header: 'Project details', value: (r) => flat(r.projectDetails) },
  { header: 'Design preferences', value: (r) => flat(r.designPreferences) },
];

export type AdminClientOnboarding = {
  id: number;
  createdAt: string;
  productId: string;
  fullName: string;
  email: string;
  businessName: string;
  crmLocationId: string | null;
  simulated: boolean;
  data: Fields;
};

export async function listClientOnboarding(
  db: Db,
  q: ListQuery,
  page: PageRequest,
): Promise<Listed<AdminClientOnboarding>> {
  const { rows, ...paging } = await listClientOnboardingSubmissions(db, q, page);
  const items: AdminClientOnboarding[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    productId: r.productId,
    fullName: r.fullName,
    email: r.email,
    businessName: r.businessName,
    crmLocationId: r.ghlLocationId,
    simulated: r.simulated,
    data: r.data,
  }));
  return { ...paging, rows: items };
}

export function clientOnboardingCsv(): CsvColumn<AdminClientOnboarding>[] {
  const fixed: CsvColumn<AdminClientOnboarding>[] = [
    { header: 'ID', value: (r) => r.id },
    { header: 'Submitted (UTC)', value: (r) => r.createdAt },
    { header: 'Product', value: (r) => r.productId },
    { header: 'CRM location', value: (r) => r.crmLocationId ?? (r.simulated ? 'Demo Mode' : '') },
  ];
  return [
    ...fixed,
    ...clientOnboardingFields().map((k) => ({
      header: k,
      value: (r: AdminClientOnboarding) => r.data[k],
    })),
  ];
}
