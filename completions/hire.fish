# fish completion for hire. Load it with:
#   hire completion fish | source
# or save it as ~/.config/fish/completions/hire.fish
function __hire_complete
    set -l words (commandline -opc)
    set -e words[1]
    hire __complete -- $words (commandline -ct) 2>/dev/null
end
complete -c hire -f -a '(__hire_complete)'
complete -c hire -F -n 'test (count (__hire_complete)) -eq 0'
