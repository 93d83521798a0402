// The lobby form for a Speedgans table: every setting the rules name (protocol-speedgans.md).

import "./strings.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";

export const SG_CLOCKS = [30, 60, 90, 120, null];
export const SG_HOURGLASS = [15, 30, 45, 60];

export function defaultSettings() {
  return { seats: 4, turn_seconds: 120, hourglass: 30, mode: "race", one_task: false, scoring: "all", strict: false, stars: true, target: "normal" };
}

export function sgClockLabel(seconds) {
  if (!seconds) return t("lobby.clock.none");
  return seconds % 60 === 0 && seconds >= 120 ? t("sg.clock.min", { n: seconds / 60 }) : t("lobby.clock.s", { n: seconds });
}

/** A short line for the waiting room: "4 Plätze · Zug-Uhr 2 Minuten · Wettlauf · Streng" (or "ohne Zug-Uhr"). */
export function settingsSummary(s) {
  const clock = s.turn_seconds ? t("sg.settings.clock", { clock: sgClockLabel(s.turn_seconds) }) : t("sg.settings.noclock");
  const parts = [t("sg.settings.summary", { seats: s.seats, clock, mode: t(`sg.mode.${s.mode || "race"}`) })];
  if ((s.mode || "race") === "race") parts.push(`${t("sg.form.hourglass")} ${s.hourglass ?? 30} s`);
  if (s.one_task) parts.push(t("sg.form.one_task").split(" (")[0]);
  if (s.scoring === "finished") parts.push(t("sg.form.finished"));
  if (s.strict) parts.push(t("sg.form.strict"));
  if (s.stars === false) parts.push(t("sg.form.nostars"));
  if (s.target && s.target !== "normal") parts.push(`${t("sg.form.target")}: ${t(`sg.target.${s.target}`)}`);
  return parts.join(" · ");
}

/** The form fields; `form` is a settings object that the fields keep up to date. */
export function settingsFields(form) {
  const select = (id, values, label, current, onChange) => {
    const el = h("select", { id, "data-testid": id },
      values.map((v) => h("option", { value: v ?? "", selected: v === current }, label(v))));
    el.addEventListener("change", () => onChange(el.value));
    return el;
  };
  const check = (id, label, checked, onChange) => {
    const input = h("input", { type: "checkbox", id, "data-testid": id, checked });
    input.addEventListener("change", () => onChange(input.checked));
    return h("label.choice.sg-check", { for: id }, input, label);
  };
  const seats = select("sg-seats", [2, 3, 4, 5, 6], String, form.seats, (v) => { form.seats = Number(v); });
  const clock = select("sg-clock", SG_CLOCKS, sgClockLabel, form.turn_seconds, (v) => { form.turn_seconds = v ? Number(v) : null; });
  const hourglass = select("sg-hourglass", SG_HOURGLASS, (v) => t("lobby.clock.s", { n: v }), form.hourglass, (v) => { form.hourglass = Number(v); });
  const hourglassRow = h("div.sg-field", { hidden: form.mode === "relaxed" }, h("label", { for: "sg-hourglass" }, t("sg.form.hourglass")), hourglass);
  const mode = h("div.game-choice", { role: "radiogroup", "aria-label": t("sg.form.mode") },
    ["race", "relaxed"].map((m) => {
      const input = h("input", { type: "radio", name: "sg-mode", value: m, checked: form.mode === m, "data-testid": `sg-mode-${m}` });
      input.addEventListener("change", () => { form.mode = m; hourglassRow.hidden = m === "relaxed"; });
      return h("label.choice", {}, input, t(`sg.mode.${m}`));
    }));
  const target = select("sg-target", ["normal", "short", "long"], (v) => t(`sg.target.${v}`), form.target, (v) => { form.target = v; });
  return h("div.sg-form", { "data-testid": "sg-form" },
    h("div.sg-field", {}, h("label", { for: "sg-seats" }, t("lobby.seats")), seats),
    h("div.sg-field", {}, h("label", { for: "sg-clock" }, t("sg.form.clock")), clock),
    h("div.sg-field.sg-mode-field", {}, h("span.sg-label", {}, t("sg.form.mode")), mode),
    hourglassRow,
    h("div.sg-field", {}, h("label", { for: "sg-target" }, t("sg.form.target")), target),
    h("fieldset.sg-houserules", {},
      h("legend", {}, t("sg.form.houserules")),
      check("sg-one-task", t("sg.form.one_task"), form.one_task, (v) => { form.one_task = v; }),
      check("sg-finished", t("sg.form.finished"), form.scoring === "finished", (v) => { form.scoring = v ? "finished" : "all"; }),
      check("sg-strict", t("sg.form.strict"), form.strict, (v) => { form.strict = v; }),
      check("sg-nostars", t("sg.form.nostars"), !form.stars, (v) => { form.stars = !v; })));
}
