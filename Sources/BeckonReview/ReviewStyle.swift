/// The reviewer page's stylesheet: readable tables, locale columns, highlighted findings, the
/// collapsed groups and the review controls. On a narrow screen (a 390 px phone) nothing is wider
/// than the screen: long words and links wrap, each string's row stacks its locales one under the
/// other, each labelled with its locale, and the locales table scrolls inside its own box.
enum ReviewStyle {
    static let css = """
        [hidden]{display:none!important}
        body{margin:0;padding:1.5rem;overflow-wrap:anywhere;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans CJK JP",sans-serif;color:#1b1b1f;background:#fff}
        h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
        table{border-collapse:collapse;width:100%;margin:1rem 0}
        th,td{border:1px solid #c8c8d0;padding:.4rem .5rem;vertical-align:top;text-align:start}
        thead th{background:#f0f0f4;position:sticky;top:0}
        td p{margin:0 0 .25rem}
        .meta,.note{color:#4a4a55;font-size:.8rem}
        .fallback{background:#fff8e1}
        .warning{background:#fff3cd}
        .error{background:#fde2e1}
        .missing{background:#fde2e1;font-style:italic}
        .finding{font-size:.85rem}
        .filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;margin:1rem 0}
        .filters input,.filters select{font:inherit;min-height:2.75rem;padding:.25rem .5rem}
        .filters p{margin:0}
        section,.scroll{overflow-x:auto}
        .summary{overflow-wrap:normal}.summary th,.summary td{white-space:nowrap}.summary td:last-child{white-space:normal;min-width:14rem}
        .group{border-top:1px solid #c8c8d0;margin-top:.5rem}
        .group summary{cursor:pointer;padding:.6rem 0;min-height:2rem}
        .group summary h2{display:inline;font-size:1.1rem;margin:0}
        .counts,.shown{color:#4a4a55;font-size:.85rem;font-weight:normal}
        .variant{margin:.1rem 0 .35rem;font-size:.9rem}
        .length{color:#4a4a55;font-size:.8rem}
        .length.over{color:#a50e0e;font-weight:600}
        .filters label{max-width:100%}
        .filters select,.filters input{max-width:100%;box-sizing:border-box}
        .chip{font:.8rem ui-monospace,monospace;background:#e8eefc;color:#1b1b1f;border-radius:.25rem;padding:0 .25rem;white-space:nowrap}
        .branches{margin:.25rem 0 .25rem 1.25rem;padding:0}
        [dir=rtl] .branches{margin:.25rem 1.25rem .25rem 0}
        .examples{color:#4a4a55;font-size:.8rem}
        .rendered{border-left:3px solid #c8c8d0;padding-left:.4rem}
        [dir=rtl] .rendered{border-left:0;padding-left:0;border-right:3px solid #c8c8d0;padding-right:.4rem}
        .finding.error strong{color:#a50e0e}.finding.warning strong{color:#7a4f00}
        nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
        a{color:#0b57d0}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        .decision{border:1px solid #c8c8d0;border-radius:.25rem;margin:.4rem 0 0;padding:.25rem .5rem;font-size:.85rem}
        .decision legend{font-size:.8rem;color:#4a4a55}
        .decision label{display:inline-flex;align-items:center;gap:.25rem;margin-right:.75rem;min-height:2rem}
        .decision .note-field{display:flex;flex-direction:column;align-items:stretch;margin:.25rem 0 0}
        .decision textarea{font:inherit;width:100%;box-sizing:border-box;min-height:2.75rem}
        .recorded{font-size:.85rem}.recorded.approved strong{color:#0a6b2c}.recorded.needs-work strong{color:#7a4f00}
        .seen{margin:.25rem 0}.seen img{display:block;margin:.25rem 0;border:1px solid #c8c8d0;max-width:100%;height:auto}
        .decisions ul{padding-left:1.25rem}
        @media (min-width:40.01rem){table.strings th[scope=row] code{overflow-wrap:normal}}
        @media (max-width:40rem){body{padding:.75rem}
        table.strings,table.strings tbody,table.strings tr,table.strings th,table.strings td{display:block}
        table.strings thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        table.strings tr{border:1px solid #c8c8d0;margin:0 0 .75rem}
        table.strings th,table.strings td{border:0;border-top:1px solid #c8c8d0}
        table.strings tr>:first-child{border-top:0}
        table.strings td[data-column]::before{content:attr(data-column);display:block;font-size:.75rem;font-weight:600;color:#4a4a55}}
        @media (prefers-color-scheme:dark){body{color:#e6e6ec;background:#121216}thead th{background:#24242c}th,td{border-color:#3a3a44}.meta,.note{color:#b4b4c0}.fallback,.warning{background:#3a3000}.error,.missing{background:#4a1414}a{color:#8ab4f8}.chip{background:#2a3550;color:#e6e6ec}.examples,.counts,.shown,.length,table.strings td[data-column]::before{color:#b4b4c0}.length.over{color:#ffb4ab}.group,table.strings tr,table.strings th,table.strings td{border-color:#3a3a44}.decision legend{color:#b4b4c0}.recorded.approved strong{color:#7ee2a0}.recorded.needs-work strong{color:#ffd27a}.finding.error strong{color:#ffb4ab}.finding.warning strong{color:#ffd27a}}
        """

}
