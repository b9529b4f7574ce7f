# bash completion for sonde(1): commands, flags, and files where a flag takes one.
_sonde() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  case $prev in
    --spec | --exclude)
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    --shardTimings | --config)
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    --suite | --shard | --baseUrl | --maxInstances | --logLevel)
      return
      ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "--spec --exclude --suite --shard --shardTimings --baseUrl --maxInstances
      --logLevel --bail --watch --no-progress --mochaOpts.grep --mochaOpts.invert --mochaOpts.timeout
      --jasmineOpts.grep --cucumberOpts.tags --help --version" -- "$cur"))
    return
  fi
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "run init merge-reports" -- "$cur") $(compgen -f -X '!*.conf.@(js|mjs|cjs|ts|mts)' -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -X '!*.@(js|mjs|cjs|ts|mts)' -- "$cur"))
}
shopt -s extglob 2>/dev/null
complete -o filenames -o bashdefault -F _sonde sonde
