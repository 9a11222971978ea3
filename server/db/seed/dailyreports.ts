// A project's daily reports with their activities.
import { formatTextTime } from '../text-dates';
import { csiNumber, DAY, text } from './base';
import { weatherSkies, windDirs } from './catalog';
import { fullName, GC, trades, userId } from './people';
import type { ProjectContext } from './project';

/** Daily reports: the 30 working days (Monday to Friday) before the seed's "today"; today's is not written yet. */
export function seedDailyReports(ctx: ProjectContext): void {
  const { insert, rng, today, p, pmId, folder, setRef, c } = ctx;
  const days: number[] = [];
  for (let d = today - DAY; days.length < 30; d -= DAY) {
    const wd = new Date(d).getUTCDay();
    if (wd !== 0 && wd !== 6) days.unshift(d);
  }
  const superintendent = userId('rjohnson');
  days.forEach((d, i) => {
    const sky = rng.pick(weatherSkies);
    const rain = sky === 'Light Rain' ? (rng.int(2, 40) / 100).toFixed(2) : '0.00';
    const temperature = `${rng.int(42, 78)}°F`;
    const activities = rng.sample(trades, rng.int(3, 10));
    const fid = folder(2001 + i, c.dailyReports, 'dailyReport', `Daily Report ${text(d)}`, d + 4 * 3600_000, {
      description: `${sky}, ${temperature}; ${activities.length} crews on site`,
      sorting: i + 1,
      by: superintendent,
    });
    const report = insert('daily_reports', {
      folder_id: fid,
      report_period: 'Day Shift (7:00 AM - 3:30 PM)',
      temperature,
      precipitation: `${rain} in`,
      sky,
      wind: `${rng.pick(windDirs)} ${rng.int(0, 18)} mph`,
      me_deliveries: rng.chance(0.6)
        ? `${rng.pick(['Rebar (12 tons)', 'Drywall (3 trucks)', 'Structural steel (2 loads)', 'Conduit and wire', 'RTU-2 (crane pick)', 'Concrete (96 CY)'])} received`
        : null,
      issues: rng.chance(0.3)
        ? rng.pick([
            'Inspector late; pour delayed 1 hour.',
            'Pump truck breakdown; replacement on site by 10:15 AM.',
            'Rain stopped roofing at noon.',
            'Material shortage: 5/8" Type X board.',
          ])
        : null,
      visitors: rng.chance(0.4)
        ? rng.pick([
            'City building inspector (framing)',
            'Owner walk-through',
            'Special inspector (welding)',
            'Architect site visit',
          ])
        : null,
      dated_ms: d,
      author: superintendent,
      humidity: `${rng.int(30, 95)}%`,
      pressure: `${(29.7 + rng.int(0, 60) / 100).toFixed(2)} inHg`,
      visibility: `${rng.int(2, 10)} mi`,
      cloudcover: `${rng.int(0, 100)}%`,
      observation_time: formatTextTime(7 * 60),
      units: 'Imperial',
      unit_description: 'Temperature °F, precipitation in, wind mph, pressure inHg',
      cc_user_list: [pmId, userId('smitchell'), userId(p.owner)].map(fullName).join('; '),
    });
    setRef(fid, report);
    activities.forEach((t) => {
      const crew = rng.int(2, 14);
      const subs = rng.chance(0.4)
        ? rng.sample(
            trades.filter((x) => x.company !== t.company && x.company !== GC),
            rng.int(1, 2),
          )
        : [];
      insert('daily_report_activities', {
        daily_report_id: report,
        contact: t.foreman ? userId(t.foreman) : null,
        location: `${rng.pick(p.buildings)}, ${rng.pick(p.floors)}`,
        people_foreman: 1,
        hours_foreman: 8,
        people_tradesman: crew,
        hours_tradesman: crew * 8,
        people_laborers: rng.int(0, 6),
        hours_laborers: rng.int(0, 6) * 8,
        people_apprentice: rng.int(0, 3),
        hours_apprentice: rng.int(0, 3) * 8,
        subc1_name: subs[0]?.company ?? null,
        subc1_people: subs[0] ? rng.int(1, 6) : null,
        subc1_hours: subs[0] ? rng.int(1, 6) * 8 : null,
        subc2_name: subs[1]?.company ?? null,
        subc2_people: subs[1] ? rng.int(1, 4) : null,
        subc2_hours: subs[1] ? rng.int(1, 4) * 8 : null,
        is_union: rng.chance(0.5) ? 1 : 0,
        is_2tier: subs.length ? 1 : 0,
        primary_subc: t.company,
        csi: csiNumber(t.csi),
        csi_name: t.name,
        description: `${t.name}: work continued per the lookahead schedule.`,
      });
    });
  });
}
