let __hireRequire; const require = (id) => (__hireRequire ??= process.getBuiltinModule('node:module').createRequire(import.meta.url))(id);
import{b as o}from"./chunk-OYTSQAFP.js";import"./chunk-XJIZTWAC.js";var s=`# bash completion for hire. Load it with:
#   source <(hire completion bash)
# or save it as ~/.local/share/bash-completion/completions/hire
_hire_complete() {
  local candidates line
  candidates=$(hire __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  COMPREPLY=()
  while IFS= read -r line; do
    [[ -n $line ]] && COMPREPLY+=("\${line%%$'\\t'*}")
  done <<< "$candidates"
  if [[ \${#COMPREPLY[@]} -eq 0 ]]; then
    compopt -o default 2>/dev/null
  fi
  return 0
}
complete -F _hire_complete hire
`,n=`#compdef hire
# zsh completion for hire. Load it with:
#   source <(hire completion zsh)
# or save it as _hire in a directory of your $fpath.
_hire() {
  local -a candidates
  local line value description
  for line in "\${(@f)$(hire __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}"; do
    [[ -z $line ]] && continue
    value=\${line%%$'\\t'*}
    description=\${line#*$'\\t'}
    [[ $description == "$line" ]] && description=''
    candidates+=("\${value//:/\\\\:}:$description")
  done
  if (( \${#candidates} )); then
    _describe -t hire 'hire' candidates
  else
    _files
  fi
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _hire "$@"
else
  compdef _hire hire
fi
`,h=`# fish completion for hire. Load it with:
#   hire completion fish | source
# or save it as ~/.config/fish/completions/hire.fish
function __hire_complete
    set -l words (commandline -opc)
    set -e words[1]
    hire __complete -- $words (commandline -ct) 2>/dev/null
end
complete -c hire -f -a '(__hire_complete)'
complete -c hire -F -n 'test (count (__hire_complete)) -eq 0'
`,i=["bash","zsh","fish"];function t(e){return{bash:s,zsh:n,fish:h}[e]}var d={path:["completion"],summary:"print the shell completion script: bash, zsh or fish",effect:"read",args:{shell:o.enum(i,"bash, zsh or fish",{message:`Shells: ${i.join(", ")} (got "{value}").`})},examples:["source <(hire completion bash)","hire completion fish > ~/.config/fish/completions/hire.fish"],async run(e,{shell:r}){e.io.stdout.write(t(r))}};export{d as default};
//# sourceMappingURL=completion-YTMQUWRM.js.map
