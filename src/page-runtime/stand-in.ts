export type StandInRule = {
  /** The `dataset` name set on <html>, e.g. `cart` for `data-cart`. */
  mark: string;
  value?: string;
  /** A localStorage key; a stored value other than an empty list sets the mark. */
  stored?: string | undefined;
  /** Query parameters; any one with a value sets the mark. */
  params?: readonly string[] | undefined;
};

/** A classic script that must not throw: storage may be blocked. */
export function standInScript({ mark, value = 'expected', stored, params = [] }: StandInRule) {
  const json = JSON.stringify;
  const fromStorage = stored
    ? `(function(v){return Array.isArray(v)?v.length:v})(JSON.parse(localStorage.getItem(${json(stored)})||'null'))`
    : 'false';
  return (
    `try{var p=new URLSearchParams(location.search);` +
    `if(${fromStorage}||${json(params)}.some(function(n){return p.get(n)}))` +
    `document.documentElement.dataset[${json(mark)}]=${json(value)}}catch(e){}`
  );
}
