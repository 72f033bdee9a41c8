import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { workshopsResponse, type Workshop } from '@feiyi/api-adapter/contract';
import { collectProblems } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/** Valid resident ID numbers (real birth dates, GB 11643 check characters). */
const IDS = ['11010519491231002X', '330106200001011235', '440305199503150010'];
/** The simulated payment: 1 s QR, 10 s processing, then the save. */
const PAYMENT_MS = 15_000;

async function liveWorkshops(request: APIRequestContext): Promise<Workshop[]> {
  return workshopsResponse.parse(await (await request.get(`/api/workshops?_t=${Date.now()}`)).json()).data.workshops;
}

async function openBooking(page: Page) {
  await page.goto('/inheritors#booking');
  await hydrated(page, 'WorkshopBoard');
}

const card = (page: Page, workshop: Workshop) => page.locator(`#booking li[data-workshop="${workshop.id}"]`);
const field = (page: Page, label: '姓名' | '手机号' | '身份证号', n: number) =>
  page.getByRole('dialog').getByRole('textbox', { name: `${label}（第 ${n} 位参与人）` });

async function fillParticipant(page: Page, n: number, values: { name: string; phone: string; idcard: string }) {
  await field(page, '姓名', n).fill(values.name);
  await field(page, '手机号', n).fill(values.phone);
  await field(page, '身份证号', n).fill(values.idcard);
}

test('the last seat goes to whoever the server serves first: the 11th participant is refused with a clear message', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectProblems(page);
  // The workshop with the most seats left, apart from the one the sync test uses.
  const workshops = await liveWorkshops(request);
  const workshop = workshops.filter((w) => w !== workshops[1]).sort((a, b) => b.seatsLeft - a.seatsLeft)[0]!;
  expect(workshop.seatsLeft, 'a workshop with 2 or more seats left').toBeGreaterThanOrEqual(2);
  const book = async (token: string, count: number) =>
    request.post(`/api/workshops/${workshop.id}/book`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        participants: Array.from({ length: count }, (_, i) => ({ name: `参与人${i + 1}`, phone: '13800138000', idcard: IDS[i % 3] })),
      },
    });
  // Other visitors take all seats but one.
  let left = workshop.seatsLeft;
  while (left > 1) {
    const count = Math.min(4, left - 1);
    const other = await newVisitor(request, 'fill');
    expect((await book(other.token, count)).status()).toBe(200);
    left -= count;
  }
  const visitor = await newVisitor(request, 'last');
  await storeLogin(context, visitor);
  await openBooking(page);
  await expect(card(page, workshop).locator('[data-seats]')).toHaveText(`剩余名额 1 / ${workshop.seats}`);
  await card(page, workshop)
    .getByRole('button', { name: `预约：${workshop.title}` })
    .click();
  await fillParticipant(page, 1, { name: '孙七', phone: '13500135000', idcard: IDS[0]! });
  await page.getByRole('dialog').getByRole('button', { name: '提交预约' }).click();
  await expect(page.getByRole('dialog', { name: '扫码支付' })).toBeVisible();

  // While this visitor pays, someone else takes the last seat.
  const rival = await newVisitor(request, 'rival');
  expect((await book(rival.token, 1)).status()).toBe(200);

  await expect(page.getByText('该活动名额已满')).toBeVisible({ timeout: PAYMENT_MS });
  await expect(card(page, workshop).locator('[data-seats]')).toHaveText(`剩余名额 0 / ${workshop.seats}`);
  await expect(card(page, workshop).getByRole('button', { name: `名额已满：${workshop.title}` })).toBeDisabled();
  const refused = await book((await newVisitor(request, 'late')).token, 1);
  expect(refused.status()).toBe(409);
  expect((await refused.json()) as { message: string }).toMatchObject({ message: '该活动名额已满' });
  expect((await liveWorkshops(request)).find((w) => w.id === workshop.id)!.seatsLeft).toBe(0);
  // The refused booking's 409 is the one console line allowed.
  expect(problems.filter((p) => !p.includes('status of 409'))).toEqual([]);
});
