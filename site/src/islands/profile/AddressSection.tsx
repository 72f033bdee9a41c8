import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { userQueries } from '../../lib/api/auth.ts';
import { messageOf } from '../../lib/api/errors.ts';
import { saveAddress } from '../../lib/api/profile.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { ADDRESS_DETAIL_MAX, addressProblem, completeRegion, formatAddress, regionOptions } from '../../lib/profile/forms.ts';
import { loadRegions } from '../../lib/profile/regions.ts';
import * as MESSAGES from '@feiyi/contract/messages';
import { notify } from '../../lib/ui/toast.ts';
import { ErrorState, ListSkeleton, Loading } from './parts.tsx';

const regionsQuery = { queryKey: ['regions'], queryFn: loadRegions, staleTime: Infinity } as const;

/** The shipping address: a three-level region choice and a detail line. */
export default function AddressSection() {
  const regions = useQuery(regionsQuery, queryClient);
  const user = useQuery(userQueries.info(), queryClient);
  const ids = { province: useId(), city: useId(), district: useId(), detail: useId(), error: useId() };
  const [levels, setLevels] = useState<[string, string, string]>(['', '', '']);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [filled, setFilled] = useState(false);

  const saved = user.data?.address;
  // The form starts from the saved address once, when it is known.
  useEffect(() => {
    if (filled || !user.data) return;
    if (saved) {
      setLevels([saved.province, saved.city, saved.district]);
      setDetail(saved.detail);
    }
    setFilled(true);
  }, [filled, saved, user.data]);

  if (regions.isPending || user.isPending)
    return (
      <>
        <Loading what="地址" />
        <ListSkeleton rows={1} media={false} />
      </>
    );
  if (regions.isError) return <ErrorState title="省市区数据加载失败" onRetry={() => void regions.refetch()} />;
  if (user.isError) return <ErrorState title="获取用户信息失败" detail={messageOf(user.error, '')} onRetry={() => void user.refetch()} />;

  const tree = regions.data;
  const [province, city, district] = levels;
  const options = regionOptions(tree, province, city);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const region = completeRegion(tree, levels);
    // Fewer than three levels clear the choice.
    if (!region) setLevels(['', '', '']);
    const found = addressProblem({ region, detail });
    setProblem(found);
    if (found || !region) return;
    setSaving(true);
    try {
      const next = await saveAddress({ province: region[0], city: region[1], district: region[2], detail: detail.trim() });
      queryClient.setQueryData(userQueries.info().queryKey, next);
      notify.success(MESSAGES.profile.addressSaved);
    } catch (error) {
      setProblem(messageOf(error, MESSAGES.profile.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  const select = (id: string, label: string, value: string, list: string[], onChange: (value: string) => void) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <select
        id={id}
        className="select w-full"
        value={value}
        disabled={list.length === 0}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">请选择{label}</option>
        {list.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="max-w-2xl">
      <p className="mb-4 text-sm" data-saved-address>
        当前地址：{saved ? formatAddress(saved) : '尚未填写'}
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={problem ? ids.error : undefined}>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-medium">所在地区</legend>
          {select(ids.province, '省份', province, options.provinces, (value) => setLevels([value, '', '']))}
          {select(ids.city, '城市', city, options.cities, (value) => setLevels([province, value, '']))}
          {select(ids.district, '区县', district, options.districts, (value) => setLevels([province, city, value]))}
        </fieldset>
        <div className="mt-4 flex flex-col gap-1">
          <label htmlFor={ids.detail} className="text-sm">
            详细地址
          </label>
          <textarea
            id={ids.detail}
            className="textarea w-full"
            rows={3}
            maxLength={ADDRESS_DETAIL_MAX}
            value={detail}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setDetail(event.currentTarget.value)}
            placeholder="街道、门牌号等"
          />
        </div>
        {problem && (
          <p id={ids.error} role="alert" className="mt-3 text-sm text-error">
            {problem}
          </p>
        )}
        <button type="submit" className="btn btn-primary mt-4" disabled={saving}>
          {saving ? '正在保存…' : '保存地址'}
        </button>
      </form>
    </div>
  );
}
