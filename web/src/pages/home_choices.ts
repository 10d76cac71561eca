// What the home page has chosen, kept while it lives and remembered across visits (storage
// prefs): the game, each game's option values (as its catalog schema allows them) and player
// count, the seats and time control of "More options", whether an open seat is listed, and
// whether seeks are rated. Every way to start a game on the page reads its options here.

import type { Catalog, CatalogGame, CatalogSeating } from '../api';
import { getPref, setPref } from '../storage';
import { kTimePresets } from './game_options';
import { paramWords, validValue } from './param_controls';

// The time control remembered, if it is still one offered.
function savedTimeControl(): string {
  const tc = getPref('time_control', 'none');
  return kTimePresets.some((p) => p.tc === tc) ? tc : 'none';
}

export class HomeChoices {
  game = getPref('game', ''); // "": the catalog's first game
  timeControl = savedTimeControl();
  rated = getPref('quick.rated', '1') === '1';
  seatKinds: string[] = [];
  listOpen = false; // list a game with an open seat under Open games
  private readonly values: Record<string, Record<string, string>> = {};
  private readonly players: Record<string, number> = {};

  constructor(readonly catalog: Catalog) {}

  // The game chosen (the catalog's first when none is, or the one remembered is gone).
  info(): CatalogGame | undefined {
    return this.catalog.games.find((g) => g.name === this.game) ?? this.catalog.games[0];
  }

  pick(game: string): void {
    this.game = game;
    setPref('game', game);
  }

  // The name the player-count control goes by: the parameter that picks the seating, if any.
  seatingName(info: CatalogGame): string {
    return info.players_param || 'seating';
  }

  valuesOf(info: CatalogGame): Record<string, string> {
    if (!this.values[info.name]) {
      const v: Record<string, string> = {};
      for (const p of info.params) {
        const saved = getPref(`${info.name}.${p.name}`, p.default);
        v[p.name] = validValue(p, saved) ? saved : p.default;
      }
      this.values[info.name] = v;
    }
    return this.values[info.name];
  }

  setValue(info: CatalogGame, name: string, value: string): void {
    this.valuesOf(info)[name] = value;
    setPref(`${info.name}.${name}`, value);
  }

  seatingOf(info: CatalogGame): CatalogSeating {
    if (this.players[info.name] === undefined) {
      this.players[info.name] = Number(getPref(`${info.name}.${this.seatingName(info)}`, String(info.seatings[0]?.players ?? 2)));
    }
    return info.seatings.find((s) => s.players === this.players[info.name]) ?? info.seatings[0];
  }

  setPlayers(info: CatalogGame, count: number): void {
    this.players[info.name] = count;
    setPref(`${info.name}.${this.seatingName(info)}`, String(count));
  }

  // The parameter list of the options chosen, without the words the server assumes anyway (a
  // parameter at its default, the default seating's too).
  params(info: CatalogGame): string {
    const schema = info.params.filter((p) => p.name !== info.players_param);
    const defaults = new Set(info.params.map((p) => `${p.name}=${p.default}`));
    const seatingWords = this.seatingOf(info).params.split(/\s+/).filter((w) => w && !defaults.has(w));
    return [...seatingWords, ...paramWords(schema, this.valuesOf(info))].join(' ');
  }

  // The seats of "More options", one per seat of the seating (you, then the computer, at first).
  seatsOf(info: CatalogGame): string[] {
    const count = this.seatingOf(info).seats.length;
    while (this.seatKinds.length < count) this.seatKinds.push(this.seatKinds.length === 0 ? 'human' : 'ai:3');
    this.seatKinds.length = count;
    return this.seatKinds;
  }

  setTimeControl(tc: string): void {
    this.timeControl = tc;
    setPref('time_control', tc);
  }

  setRated(rated: boolean): void {
    this.rated = rated;
    setPref('quick.rated', rated ? '1' : '0');
  }
}
