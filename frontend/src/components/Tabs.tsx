import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';

interface Tab<Id extends string> {
  id: Id;
  label: string;
}

interface TabsProps<Id extends string> {
  label: string;
  tabs: ReadonlyArray<Tab<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** Where each key moves from tab `index` of `count`. */
const KEY_STEPS: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * daisyUI tabs with the ARIA tabs pattern: arrow keys, Home and End move between the tabs.
 * On a phone they wrap onto as many rows as they need, every tab in view (a row scrolling sideways
 * hid some, and cut one at its edge). From sm up they stay on one line: should the row still be too
 * narrow, it scrolls sideways, keeping the selected tab in view.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const row = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex((tab) => tab.id === selected);
  // The row scrolls sideways (only) to show the selected tab; the page stays where it is.
  useEffect(() => {
    const tab = buttons.current[selectedIndex]?.getBoundingClientRect();
    const box = row.current?.getBoundingClientRect();
    if (!tab || !box || !row.current) return;
    if (tab.left < box.left) row.current.scrollLeft -= box.left - tab.left;
    else if (tab.right > box.right) row.current.scrollLeft += tab.right - box.right;
  }, [selectedIndex]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = KEY_STEPS[event.key];
    const target = step?.(index, tabs.length);
    const tab = target === undefined ? undefined : tabs[target];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[target!]?.focus();
  }

  return (
    <>
      <div
        ref={row}
        role="tablist"
        aria-label={label}
        className="tabs tabs-border flex-wrap overflow-y-hidden sm:flex-nowrap sm:overflow-x-auto"
      >
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.id}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              className={`tab shrink-0 whitespace-nowrap ${active ? 'tab-active font-semibold' : 'text-base-content/80'}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} className="pt-6">
        {children}
      </div>
    </>
  );
}
