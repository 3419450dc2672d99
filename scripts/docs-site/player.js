// The player of every page of docs/site, copied there by `npm run docs:site`: a classic script, not a
// module, so a page opened from its file runs it. It follows the table the page carries (#chart): the
// states, the flows a state runs (entered with it, left with it), the transitions, and the UI paths of
// the chart, which `#path=<id>` steps through. It works nothing out of the machines itself.
(() => {
  const page = JSON.parse(document.getElementById('chart').textContent);
  const S = page.states;
  /** A state's parent; a flow's root has the state that runs it. */
  const parentOf = {};
  for (const s of Object.values(S)) for (const c of [...s.children, ...s.runs]) parentOf[c] = s.id;
  const ancestors = (id) => {
    const a = [];
    for (let p = id; p; p = parentOf[p]) a.push(p);
    return a;
  };
  const kids = (id) => [...S[id].children, ...S[id].runs];

  function enter(id, into) {
    into.add(id);
    const s = S[id];
    if (s.kind === 'parallel') for (const c of s.children) enter(c, into);
    else if (s.initial) enter(s.initial, into);
    for (const root of s.runs) enter(root, into);
  }
  const start = () => {
    const active = new Set();
    enter(page.root, active);
    return active;
  };

  /** The states active after `t` from `before`, as XState enters and leaves them. */
  function after(before, t) {
    if (!t.to.length) return before;
    const target = t.to[0];
    const chain = ancestors(target);
    // The transition's domain: the nearest compound state holding both its source and its target (the
    // source itself when the target is inside it: XState's transitions do not re-enter their source).
    const domain =
      ancestors(t.from).find(
        (id, i) => chain.includes(id) && S[id].kind !== 'parallel' && (i > 0 || id !== target),
      ) ?? page.root;
    const active = new Set([...before].filter((id) => !ancestors(id).includes(domain) || id === domain));
    for (const id of chain.slice(0, chain.indexOf(domain)).reverse()) {
      active.add(id);
      const p = S[parentOf[id]];
      if (p && p.kind === 'parallel') for (const c of p.children) if (!active.has(c)) enter(c, active);
      // A flow whose state is entered on the way starts too.
      if (id !== target) for (const root of S[id].runs) if (!chain.includes(root)) enter(root, active);
    }
    enter(target, active);
    return active;
  }

  let active = start();
  const trail = [];
  const leaves = () => [...active].filter((id) => !kids(id).some((c) => active.has(c)));
  const label = (s) => (s.flow ? `${s.flow}: ${s.name}` : s.name);
  const picture = (src) =>
    // From the file the pictures are beside the site (../statecharts); served at /docs, below it.
    location.protocol === 'file:' ? src : src.replace(/^\.\.\//, '');

  function take(t) {
    active = after(active, t);
    trail.push(t.words);
    render();
  }

  /** The screens of the current states; a state showing none shows those of the state running its flow. */
  function screensNow() {
    return leaves().flatMap((id) => {
      for (const a of ancestors(id)) if (S[a].screens.length) return S[a].screens;
      return [];
    });
  }

  function render() {
    const now = leaves();
    for (const el of document.querySelectorAll('[data-state]')) {
      el.classList.toggle('active', active.has(el.dataset.state));
      el.classList.toggle('current', now.includes(el.dataset.state));
    }
    for (const el of document.querySelectorAll('details[data-in]'))
      if (active.has(el.dataset.in)) el.open = true;
    // The chart is taller than the screen: its current state is brought into view beside the picture.
    document.querySelector('.state.current')?.scrollIntoView({ block: 'nearest' });
    const allowed = page.transitions.filter((t) => active.has(t.from));
    document.getElementById('events').replaceChildren(
      ...allowed.map((t) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = t.offScreen ? 'off' : '';
        b.textContent = (t.flow ? `${t.flow}: ` : '') + t.words + (t.guard ? ` — if ${t.guard}` : '');
        b.title = `${t.offScreen ? `No screen can do this: ${t.offScreen} ` : ''}(${t.event})`;
        b.dataset.event = t.event;
        b.onclick = () => take(t);
        const li = document.createElement('li');
        li.append(b);
        return li;
      }),
    );
    document.getElementById('where').textContent = now.map((id) => label(S[id])).join(' + ');
    const shots = screensNow();
    document.getElementById('screens').replaceChildren(
      ...(shots.length
        ? shots.map((s) => {
            const f = document.createElement('figure');
            if (s.src.includes('--mobile-')) f.className = 'narrow';
            const i = document.createElement('img');
            i.src = picture(s.src);
            i.alt = s.alt;
            const c = document.createElement('figcaption');
            c.textContent = s.alt;
            f.append(i, c);
            return f;
          })
        : [
            Object.assign(document.createElement('p'), {
              textContent: `No picture of this state: ${
                now
                  .map((id) => S[id].noPicture)
                  .filter(Boolean)
                  .join(' ') || 'it shows no screen of its own.'
              }`,
            }),
          ]),
    );
    document.getElementById('trail').textContent = trail.join(' → ');
  }

  /**
   * The transitions a path's step takes: one on its event (none for the start), then the eventless
   * ones the app passes through at once, until the step's state is active. The conditions are not
   * known here, so it is the shortest way the table allows.
   */
  function stepOf(before, step) {
    const reached = (set) => set.has(step.state);
    // A path's start (no event) may open further in than the chart's start: any transition leads there.
    const passes = (t) => t.type === '' || !step.event;
    const first = step.event
      ? page.transitions.filter((t) => t.type === step.event && before.has(t.from)).map((t) => [t])
      : [[]];
    let ways = first.map((taken) => ({ taken, set: taken.reduce(after, before) }));
    const seen = new Set();
    for (let depth = 0; depth < 6 && ways.length; depth++) {
      const done = ways.find((w) => reached(w.set));
      if (done) return done;
      ways = ways.flatMap((w) =>
        page.transitions
          .filter((t) => passes(t) && t.to.length && w.set.has(t.from))
          .map((t) => ({ taken: [...w.taken, t], set: after(w.set, t) }))
          .filter((way) => {
            const key = [...way.set].sort().join(' ');
            return !seen.has(key) && seen.add(key);
          }),
      );
    }
    return null;
  }

  /** The path named in the address (`#path=<id>`), stepped through with Previous and Next. */
  const walk = { path: null, at: 0 };
  function showPath() {
    const id = new URLSearchParams(location.hash.slice(1)).get('path');
    const box = document.getElementById('path');
    walk.path = page.paths.find((p) => p.id === id) ?? null;
    box.hidden = !id;
    if (!id) return;
    if (!walk.path) {
      box.querySelector('.line').textContent =
        `No path ${id} on this chart: the ids are in docs/qa/paths.md.`;
      return;
    }
    box.querySelector('.line').textContent = `${walk.path.id}: ${walk.path.line}`;
    goTo(0);
  }
  function goTo(index) {
    const steps = walk.path.steps;
    active = start();
    trail.length = 0;
    let lost = '';
    for (const step of steps.slice(0, index + 1)) {
      const way = stepOf(active, step);
      if (!way) {
        lost = `The chart has no way to take "${step.does}" here.`;
        break;
      }
      active = way.set;
      if (step.event) trail.push(step.does);
    }
    walk.at = index;
    const box = document.getElementById('path');
    box.querySelector('.step').textContent =
      lost || `Step ${index + 1} of ${steps.length}: ${steps[index].does}`;
    box.querySelector('.previous').disabled = index === 0;
    box.querySelector('.next').disabled = index === steps.length - 1 || Boolean(lost);
    render();
  }
  document.querySelector('#path .previous').onclick = () => goTo(walk.at - 1);
  document.querySelector('#path .next').onclick = () => goTo(walk.at + 1);
  window.addEventListener('hashchange', showPath);

  document.getElementById('restart').onclick = () => {
    if (walk.path) return goTo(0);
    active = start();
    trail.length = 0;
    render();
  };
  render();
  showPath();
})();
