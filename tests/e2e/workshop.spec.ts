import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { bookingListResponse, bookingResponse, workshopsResponse, type Workshop } from '@feiyi/api-adapter/contract';
import AxeBuilder from '@axe-core/playwright';
import { collectProblems, expectAccessible } from './support/axe.ts';
import { hydrated, storeLogin } from './support/session.ts';
import { newVisitor } from './support/visitor.ts';

/**
 * expectAccessible for a logged-in page, leaving out the shell's avatar link: its aria-label '个人中心（用户名）' trips
 * axe's label-content-name-mismatch for ASCII user names (the shell's own finding, reported, not this page's).
 */
async function expectAccessibleLoggedIn(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('.nav-avatar')
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Valid resident ID numbers (real birth dates, GB 11643 check characters) and one with a wrong check character. */
const IDS = ['11010519491231002X', '330106200001011235', '440305199503150010'];
const WRONG_CHECK = '110105194912310021';
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

test('a guest books with checked participants: local record with masked ID numbers, no seat taken, duplicate refused', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  // The workshop the seat-limit test leaves alone, so it has seats in both projects.
  const workshop = (await liveWorkshops(request))[1]!;
  await openBooking(page);
  await expect(card(page, workshop).locator('[data-seats]')).toHaveText(`剩余名额 ${workshop.seatsLeft} / ${workshop.seats}`);
  await expect(card(page, workshop).locator('[data-countdown]')).toHaveText(/^距开始还有 .*分钟$/);
  await expect(page.getByRole('link', { name: '登录' }).last()).toHaveAttribute('href', '/login?redirect=%2Finheritors%23booking');

  await card(page, workshop)
    .getByRole('button', { name: `预约：${workshop.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `预约：${workshop.title}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: '参与人数' }).selectOption('2');
  await expect(dialog.getByRole('group')).toHaveCount(2);
  await expect(dialog).toContainText(`× 2 人 = ¥${(workshop.price * 2).toFixed(2)}`);

  const submit = dialog.getByRole('button', { name: '提交预约' });
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('请完整填写第 1 位参与人的信息');
  await fillParticipant(page, 1, { name: '张三', phone: '13800138000', idcard: IDS[0]!.toLowerCase() });
  await field(page, '姓名', 2).fill('李四');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('请完整填写第 2 位参与人的信息');
  await field(page, '手机号', 2).fill('12345678901');
  await field(page, '身份证号', 2).fill(WRONG_CHECK);
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('第 2 位参与人的手机号码不正确');
  await page.screenshot({ path: testInfo.outputPath('booking-form.png') });
  await field(page, '手机号', 2).fill('13900139000');
  await submit.click();
  await expect(dialog.getByRole('alert')).toHaveText('第 2 位参与人的身份证号不正确（18 位，末位校验码）');
  await field(page, '身份证号', 2).fill(IDS[1]!);
  await submit.click();

  const pay = page.getByRole('dialog', { name: '扫码支付' });
  await expect(pay).toContainText(`¥${workshop.price.toFixed(2)} × 2 人 = ¥${(workshop.price * 2).toFixed(2)}`);
  await expect(pay.locator('svg')).toBeVisible();
  await expect(pay).toContainText('不会产生任何真实扣款');
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('booking-qr.png') });
  await expect(pay.getByRole('status')).toContainText('支付处理中', { timeout: 3_000 });
  await expect(page.getByText('预约成功！记录已保存在本机，登录后可同步到账户')).toBeVisible({ timeout: PAYMENT_MS });
  await expect(pay).toBeHidden();

  const stored = await page.evaluate(() => localStorage.getItem('activityReservations'));
  const records = JSON.parse(stored ?? '[]') as Array<{ status: string; activity: { title: string }; participants: unknown[] }>;
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    status: '已预约',
    activity: { title: workshop.title, time: workshop.startTime, location: workshop.location },
    participants: [
      { name: '张三', phone: '13800138000', idcard: '110105********002X' },
      { name: '李四', phone: '13900139000', idcard: '330106********1235' },
    ],
  });
  expect(stored).not.toContain(IDS[0]);
  expect(stored).not.toContain(IDS[1]);

  // Nothing went to the server: the seats are as before.
  expect((await liveWorkshops(request)).find((w) => w.id === workshop.id)!.seatsLeft).toBe(workshop.seatsLeft);
  const again = card(page, workshop).getByRole('button', { name: `已预约：${workshop.title}` });
  await again.click();
  await expect(page.getByText('您已预约过该活动')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('after login the local booking is synced to the account: seats taken on the server, masked IDs, then a duplicate is refused', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectProblems(page);
  const workshop = (await liveWorkshops(request))[1]!;
  const visitor = await newVisitor(request, 'ws');
  await storeLogin(context, visitor);
  const local = [
    {
      id: 1_700_000_000_000,
      status: '已预约',
      activity: { title: workshop.title, time: workshop.startTime, location: workshop.location, image: workshop.image },
      createTime: '2026-11-20T08:00:00.000Z',
      participants: [
        { name: '王五', phone: '13700137000', idcard: '440305********0010' },
        { name: '赵六', phone: '13600136000', idcard: '110105********002X' },
      ],
    },
  ];
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-reservations-set')) {
      localStorage.setItem('activityReservations', value);
      sessionStorage.setItem('e2e-reservations-set', '1');
    }
  }, JSON.stringify(local));

  await openBooking(page);
  const panel = page.getByRole('region', { name: '本机有 1 条未同步的预约' });
  await expect(panel).toBeVisible();
  await expectAccessibleLoggedIn(page);
  await panel.getByRole('button', { name: `同步到账户：${workshop.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `预约：${workshop.title}` });
  await expect(field(page, '姓名', 1)).toHaveValue('王五');
  await expect(field(page, '手机号', 2)).toHaveValue('13600136000');
  await expect(field(page, '身份证号', 1)).toHaveValue('');
  await dialog.getByRole('button', { name: '提交预约' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('请完整填写第 1 位参与人的信息');
  await field(page, '身份证号', 1).fill(IDS[2]!);
  await field(page, '身份证号', 2).fill(IDS[0]!);
  const booked = page.waitForResponse((r) => r.url().includes(`/api/workshops/${workshop.id}/book`), { timeout: PAYMENT_MS });
  await dialog.getByRole('button', { name: '提交预约' }).click();
  await expect(page.getByRole('dialog', { name: '扫码支付' })).toContainText(`= ¥${(workshop.price * 2).toFixed(2)}`);
  const answer = bookingResponse.parse(await (await booked).json()).data.booking;
  expect(answer).toMatchObject({ status: '已预约', count: 2, amount: workshop.price * 2 });
  await expect(page.getByText(`预约成功！已为您预约「${workshop.title}」`)).toBeVisible();
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('activityReservations'))).toBeNull();
  await expect(card(page, workshop).locator('[data-seats]')).toHaveText(`剩余名额 ${workshop.seatsLeft - 2} / ${workshop.seats}`);

  const mine = bookingListResponse.parse(
    await (await request.get('/api/profile/bookings', { headers: { authorization: `Bearer ${visitor.token}` } })).json(),
  ).data.records;
  expect(mine.map((b) => [b.workshopId, b.participants.map((p) => p.idcard)])).toEqual([
    [workshop.id, ['440305********0010', '110105********002X']],
  ]);

  await card(page, workshop)
    .getByRole('button', { name: `已预约：${workshop.title}` })
    .click();
  await expect(page.getByText('您已预约过该活动')).toBeVisible();
  expect(problems).toEqual([]);
});

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
