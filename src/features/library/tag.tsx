import classes from './library.module.css';

/** A short label beside a title: an item's kind, a unit's state, a streak. */
export function Tag({ tone, children }: { tone?: 'done' | 'open' | 'streak'; children: string }) {
  return (
    <span className={classes.tag} data-tone={tone}>
      {children}
    </span>
  );
}
