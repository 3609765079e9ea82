# bash completion for hire. Load it with:
#   source <(hire completion bash)
# or save it as ~/.local/share/bash-completion/completions/hire
_hire_complete() {
  local candidates line
  candidates=$(hire __complete -- "${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return 0
  COMPREPLY=()
  while IFS= read -r line; do
    [[ -n $line ]] && COMPREPLY+=("${line%%$'\t'*}")
  done <<< "$candidates"
  if [[ ${#COMPREPLY[@]} -eq 0 ]]; then
    compopt -o default 2>/dev/null
  fi
  return 0
}
complete -F _hire_complete hire
